import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { invalid } from "../shared/errors";
import { type EventOf, lowerCaseKey, streamKind } from "../shared/streams";
import { type CouponEvent, type CouponState, couponDecider, couponErrors } from "./coupon";

/**
 * Coupon codes are unique ignoring case across every coupon. That invariant spans streams, so each code is
 * claimed in a stream of its own (`coupon-code-{code in lower case}`) appended in the same statement as the
 * coupon's creation or rename: of two racing coupons with one code, exactly one writes the claim at the
 * version it read. A removed or renamed coupon gives its code back.
 */

export const couponCodeEventSchemas = {
  CouponCodeClaimed: z.object({ couponId: z.number().int() }),
  CouponCodeReleased: z.object({ couponId: z.number().int() }),
};

export type CouponCodeEvent = EventOf<typeof couponCodeEventSchemas>;

/** Codes are at most 50 characters (`CouponBody`), so the key is too. */
export const couponCodeStreams = streamKind("coupon-code", couponCodeEventSchemas, lowerCaseKey(50));

export type ClaimCode = Command<"ClaimCode", { couponId: number }>;
export type ReleaseCode = Command<"ReleaseCode", { couponId: number }>;

export type CouponCodeCommand = ClaimCode | ReleaseCode;
export type CouponCodeClaim = { status: "free" } | { status: "taken"; couponId: number };

export const claimCode = (command: ClaimCode, state: CouponCodeClaim): CouponCodeEvent[] => {
  if (state.status === "taken") {
    if (state.couponId === command.couponId) return [];
    throw invalid(couponErrors.codeTaken, "code");
  }
  return [{ type: "CouponCodeClaimed", data: { couponId: command.couponId } }];
};

export const releaseCode = (command: ReleaseCode, state: CouponCodeClaim): CouponCodeEvent[] => {
  // Only the holder gives a code back; anything else leaves the claim as it is.
  if (state.status !== "taken" || state.couponId !== command.couponId) return [];
  return [{ type: "CouponCodeReleased", data: { couponId: command.couponId } }];
};

export const couponCodeDecider: Decider<CouponCodeCommand, CouponCodeEvent, CouponCodeClaim> = {
  initialState: () => ({ status: "free" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "CouponCodeClaimed":
        return { status: "taken", couponId: event.data.couponId };
      case "CouponCodeReleased":
        return { status: "free" };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "ClaimCode":
        return claimCode(command, state);
      case "ReleaseCode":
        return releaseCode(command, state);
      default:
        return assertNever(command);
    }
  },
};

const claim = (couponId: number): CouponCodeCommand => ({ type: "ClaimCode", couponId });
const release = (couponId: number): CouponCodeCommand => ({ type: "ReleaseCode", couponId });

/** A code as its claim stream names it. */
const codeKey = (code: string) => couponCodeStreams.id(code);

/**
 * The code claims an administrator's write on a coupon takes and gives back, given the coupon as it was
 * and the events decided for it: creating claims the code, renaming (not only changing its case) claims the
 * new one and releases the old, removing releases it.
 */
export const codeClaimsOf = (
  before: CouponState,
  events: readonly CouponEvent[],
): { code: string; command: CouponCodeCommand }[] => {
  const claims: { code: string; command: CouponCodeCommand }[] = [];
  let current = before;
  for (const event of events) {
    if (event.type === "CouponCreated") claims.push({ code: event.data.code, command: claim(event.data.id) });
    if (event.type === "CouponChanged" && current.status !== "absent") {
      if (codeKey(event.data.code) !== codeKey(current.code)) {
        claims.push({ code: current.code, command: release(current.id) });
        claims.push({ code: event.data.code, command: claim(current.id) });
      }
    }
    if (event.type === "CouponRemoved" && current.status === "offered") {
      claims.push({ code: current.code, command: release(current.id) });
    }
    current = couponDecider.evolve(current, event);
  }
  return claims;
};
