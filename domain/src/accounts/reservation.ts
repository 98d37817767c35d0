import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { invalid } from "../shared/errors";
import { type EventOf, lowerCaseKey, streamKind } from "../shared/streams";
import { accountErrors } from "./account";

/**
 * E-mails and logins are unique across every account stream. That invariant spans streams, so each value
 * is claimed in a stream of its own (`email-{value}`, `login-{value}`) appended in the same transaction as
 * the registration: of two racing registrations exactly one can write the claim at the version it read.
 */

export const reservationEventSchemas = {
  /** `owner` is the account stream holding the value. */
  ReservationMade: z.object({ owner: z.string() }),
  ReservationReleased: z.object({ owner: z.string() }),
};

export type ReservationEvent = EventOf<typeof reservationEventSchemas>;

/** `email-{e-mail}` and `login-{login}`, each value in lower case. */
export const emailStreams = streamKind("email", reservationEventSchemas, lowerCaseKey());
export const loginStreams = streamKind("login", reservationEventSchemas, lowerCaseKey());

export type Reserve = Command<"Reserve", { owner: string }>;
export type Release = Command<"Release", { owner: string }>;
export type ReservationCommand = Reserve | Release;
export type Reservation = { status: "free" } | { status: "taken"; owner: string };

/** Taking a value: refused with `refusal` on `field` when someone else holds it. */
export const reserve = (
  command: Reserve,
  state: Reservation,
  refusal: { messageKey: string; field: string },
): ReservationEvent[] => {
  if (state.status === "taken") {
    if (state.owner === command.owner) return [];
    throw invalid(refusal.messageKey, refusal.field);
  }
  return [{ type: "ReservationMade", data: { owner: command.owner } }];
};

/** Only the holder gives a value back; anything else leaves the claim as it is. */
export const release = (command: Release, state: Reservation): ReservationEvent[] => {
  if (state.status !== "taken" || state.owner !== command.owner) return [];
  return [{ type: "ReservationReleased", data: { owner: command.owner } }];
};

/** One decider per kind of value: only the refusal (message key and field) differs. */
export const reservationDecider = (
  refusal: string,
  field: string,
): Decider<ReservationCommand, ReservationEvent, Reservation> => ({
  initialState: () => ({ status: "free" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ReservationMade":
        return { status: "taken", owner: event.data.owner };
      case "ReservationReleased":
        return { status: "free" };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "Reserve":
        return reserve(command, state, { messageKey: refusal, field });
      case "Release":
        return release(command, state);
      default:
        return assertNever(command);
    }
  },
});

export const emailReservationDecider = reservationDecider(accountErrors.emailExists, "email");
export const loginReservationDecider = reservationDecider(accountErrors.loginExists, "login");

export const reservationEventDefinitions = Object.entries(reservationEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
