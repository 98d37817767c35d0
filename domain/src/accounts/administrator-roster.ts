import { z } from "zod";
import { invalid } from "../shared/errors";
import { type EventOf, streamKind } from "../shared/streams";
import type { AccountCore, Authority } from "./account";

/**
 * The product always keeps an active administrator: a change that ends someone's administration (the role
 * taken away, the account deactivated, deleted or erased) is refused when no other active administrator
 * would be left. That rule spans accounts, so every such change also appends to one stream,
 * `administrators-all`: of two administrators demoting each other at the same moment, exactly one writes
 * it at the version it read; the other decides again on what the first stored, and is refused.
 */

export const administratorRosterEventSchemas = {
  /** `userId` no longer administers; `remaining`: how many active administrators are left. */
  AdministratorLeft: z.object({ userId: z.number().int(), remaining: z.number().int().min(1), by: z.string() }),
};
export type AdministratorRosterEvent = EventOf<typeof administratorRosterEventSchemas>;

export const administratorRosterStreams = streamKind("administrators", administratorRosterEventSchemas, {
  format: (key: "all") => key,
  parse: (text) => (text === "all" ? "all" : undefined),
});
export const ADMINISTRATOR_ROSTER = administratorRosterStreams.id("all");

export const lastAdministratorError = "userManagement.error.lastAdministrator";

/** The roles the back office gives; `ROLE_USER` comes with every account. */
export const assignableRoles = [
  "ROLE_ADMIN",
  "ROLE_AUDITOR",
  "ROLE_TEACHER",
  "ROLE_STUDENT",
] as const satisfies readonly Authority[];

/** Whether an account administers now: active, not deleted, holding `ROLE_ADMIN`. */
export const isActiveAdministrator = (account: AccountCore): boolean =>
  account.activated && !account.deleted && account.authorities.includes("ROLE_ADMIN");

/**
 * What a change to an account means for the roster: nothing while the account administers before and after
 * it (or never did); `AdministratorLeft` when it stops and another active administrator remains among
 * `others` (the other accounts that may administer, as their streams hold them now); refused otherwise.
 */
export const administratorLeaving = (
  change: { before: AccountCore; after: AccountCore; by: string },
  others: readonly AccountCore[],
): AdministratorRosterEvent[] => {
  if (!isActiveAdministrator(change.before) || isActiveAdministrator(change.after)) return [];
  const remaining = others.filter((other) => other.id !== change.before.id && isActiveAdministrator(other)).length;
  if (remaining === 0) throw invalid(lastAdministratorError);
  return [{ type: "AdministratorLeft", data: { userId: change.before.id, remaining, by: change.by } }];
};

export const administratorRosterEventDefinitions = Object.entries(administratorRosterEventSchemas).map(
  ([type, schema]) => ({ type, schema }),
);
