import { z } from "zod";
import type { Decider } from "../shared/decider";
import { invalid } from "../shared/errors";
import { lowerCaseKey, streamKind } from "../shared/streams";
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

export type ReservationEvent =
  | { type: "ReservationMade"; data: { owner: string } }
  | { type: "ReservationReleased"; data: { owner: string } };
/** `email-{e-mail}` and `login-{login}`, each value in lower case. */
export const emailStreams = streamKind("email", reservationEventSchemas, lowerCaseKey());
export const loginStreams = streamKind("login", reservationEventSchemas, lowerCaseKey());

export type ReservationCommand = { type: "Reserve"; owner: string } | { type: "Release"; owner: string };
export type Reservation = { status: "free" } | { status: "taken"; owner: string };

/** One decider per kind of value: only the refusal (message key and field) differs. */
export const reservationDecider = (
  refusal: string,
  field: string,
): Decider<ReservationCommand, ReservationEvent, Reservation> => ({
  initialState: () => ({ status: "free" }),
  evolve: (_state, event) =>
    event.type === "ReservationMade" ? { status: "taken", owner: event.data.owner } : { status: "free" },
  decide: (command, state) => {
    switch (command.type) {
      case "Reserve":
        if (state.status === "taken") {
          if (state.owner === command.owner) return [];
          throw invalid(refusal, field);
        }
        return [{ type: "ReservationMade", data: { owner: command.owner } }];
      case "Release":
        // Only the holder gives a value back; anything else leaves the claim as it is.
        if (state.status !== "taken" || state.owner !== command.owner) return [];
        return [{ type: "ReservationReleased", data: { owner: command.owner } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
});

export const emailReservationDecider = reservationDecider(accountErrors.emailExists, "email");
export const loginReservationDecider = reservationDecider(accountErrors.loginExists, "login");

export const reservationEventDefinitions = Object.entries(reservationEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
