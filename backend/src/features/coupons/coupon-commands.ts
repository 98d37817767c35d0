import { conflict, invalid } from "@el/domain";
import {
  type ChangeCoupon,
  type CouponEvent,
  type CreateCoupon,
  codeClaimsOf,
  couponCodeDecider,
  couponCodeStreams,
  couponDecider,
  couponDiscount,
  couponStreams,
  INVALID_COUPON,
  type OrderLine,
  type RemoveCoupon,
} from "@el/domain/coupons/index";
import { findUserById } from "@el/projections/accounts/users/index";
import { findPackage } from "@el/projections/catalog/index";
import { findCouponIdByCode } from "@el/projections/coupons/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";

/** `coupon-{id}` folded by the coupon decider: what a purchase names to `executeOnStates` to use a coupon. */
export const couponState = foldOf(couponStreams, couponDecider);
const codeState = foldOf(couponCodeStreams, couponCodeDecider);

export const couponReferenceErrors = {
  itemPackage: "error.coupon.itemPackage",
  user: "error.coupon.user",
} as const;

/** Package ids are PostgreSQL `int`s: a larger one names no package (and must not reach the query). */
const MAX_INT = 2_147_483_647;

/** A coupon may name only a package on sale and a student who has an account. */
export const requireReferences = async (
  app: FastifyInstance,
  { packageId, studentId }: { packageId: number | null; studentId: number | null },
) => {
  if (packageId !== null && (packageId > MAX_INT || !(await findPackage(app.db, packageId)))) {
    throw invalid(couponReferenceErrors.itemPackage, "itemPackage");
  }
  if (studentId !== null && (await findUserById(app.db, studentId))?.kind !== "student") {
    throw invalid(couponReferenceErrors.user, "user");
  }
};

/**
 * An administrator's write on a coupon, appended in one statement with the code claims it takes or gives
 * back, so two coupons can never end up with one code. Which claim streams a change touches depends on the
 * code the coupon has, read just before; should a concurrent rename have changed it, the command is
 * refused as a conflict rather than decided on claims it did not read.
 */
export const writeCoupon = async (
  app: FastifyInstance,
  id: number,
  command: CreateCoupon | ChangeCoupon | RemoveCoupon,
  context: CommandContext,
) => {
  const fresh = command.type === "CreateCoupon";
  const before = fresh ? undefined : (await app.streamStates.read({ coupon: couponState(id) })).coupon.state;
  const codes = [
    ...new Set(
      [before?.status === "absent" ? undefined : before?.code, "code" in command ? command.code : undefined]
        .filter((code): code is string => code !== undefined)
        .map((code) => couponCodeStreams.id(code)),
    ),
  ];
  const codeStreams = codes.map((streamId) => codeState(couponCodeStreams.parse(streamId)));
  return executeOnStates(
    app,
    { coupon: couponState(id, { fresh }), codes: codeStreams },
    ({ coupon, codes: claims }) => {
      if (coupon.status !== "absent" && !codes.includes(couponCodeStreams.id(coupon.code))) throw conflict();
      const events: CouponEvent[] = couponDecider.decide(command, coupon);
      const claimAppends = codeClaimsOf(coupon, events).map(({ code, command: claim }) => {
        const streamId = couponCodeStreams.id(code);
        const index = codes.indexOf(streamId);
        const state = claims[index];
        if (!state) throw conflict();
        return { streamId, events: couponCodeDecider.decide(claim, state) };
      });
      return { appends: [{ streamId: couponStreams.id(id), events }, ...claimAppends], result: events };
    },
    context,
  );
};

/**
 * What an order of these packages costs with the coupon a student typed, or 'Cupom não é válido.': the
 * coupon as its stream has it now (uses included), priced by the domain, as a purchase will take it.
 */
export const priceWithCoupon = async (
  app: FastifyInstance,
  { code, studentId, lines }: { code: string; studentId: number; lines: OrderLine[] },
) => {
  const id = await findCouponIdByCode(app.db, code);
  if (id === undefined) throw invalid(INVALID_COUPON, "code");
  const { state } = (await app.streamStates.read({ coupon: couponState(id) })).coupon;
  // The read model may still list a coupon removed a moment ago; its stream is what counts.
  if (state.status !== "offered") throw invalid(INVALID_COUPON, "code");
  return { coupon: state, price: couponDiscount(state, { studentId, lines }) };
};
