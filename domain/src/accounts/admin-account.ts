import { z } from "zod";
import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import { invalid, notFound } from "../shared/errors";
import { lowerCaseKey, streamKind } from "../shared/streams";
import {
  type AccountCommand,
  type AccountCore,
  type AccountEvent,
  Authority,
  accountErrors,
  accountEventSchemas,
  evolveAccountCore,
  newAccountCore,
} from "./account";
import { decideAccountCommand } from "./account-commands";

/** The administrator account (stream `admin-{login}`): created at first start or by another administrator. */

export const AdministratorRegistered = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1).max(254),
  email: z.string().max(254),
  firstName: z.string().max(50).nullable(),
  lastName: z.string().max(50).nullable(),
  imageUrl: z.string().max(256).nullable(),
  langKey: z.string().max(10),
  passwordHash: z.string().startsWith("$argon2id$"),
  authorities: z.array(Authority),
  registeredAt: z.iso.datetime({ offset: true }),
  /** Absent for the first administrator, created at first start. */
  registeredBy: z.string().optional(),
});
export type AdministratorRegistered = z.infer<typeof AdministratorRegistered>;

export const adminEventSchemas = { AdministratorRegistered };

export type AdminEvent = { type: "AdministratorRegistered"; data: AdministratorRegistered } | AccountEvent;

export const adminStreams = streamKind("admin", { ...adminEventSchemas, ...accountEventSchemas }, lowerCaseKey());
export type RegisterAdministrator = Command<"RegisterAdministrator", AdministratorRegistered>;

export type AdminCommand = RegisterAdministrator | AccountCommand;

export type AdminAccount =
  | { status: "unregistered" }
  | { status: "active" | "deactivated" | "deleted"; account: AccountCore };

/**
 * The roles asked for, with `ROLE_USER`; an account created without any role (the first administrator, a
 * client that names none) administers.
 */
export const administratorAuthorities = (requested: Authority[] = []): Authority[] => {
  const roles = requested.filter((authority) => authority !== "ROLE_USER");
  return [...new Set<Authority>(roles.length === 0 ? ["ROLE_ADMIN", "ROLE_USER"] : ["ROLE_USER", ...roles])];
};

export const registerAdministrator = (command: RegisterAdministrator, state: AdminAccount): AdminEvent[] => {
  if (state.status !== "unregistered") throw invalid(accountErrors.loginExists, "login");
  const { type: _, ...data } = command;
  return [
    { type: "AdministratorRegistered", data: { ...data, authorities: administratorAuthorities(data.authorities) } },
  ];
};

export const adminAccountDecider: Decider<AdminCommand, AdminEvent, AdminAccount> = {
  initialState: () => ({ status: "unregistered" }),

  evolve: (state, event) => {
    if (event.type === "AdministratorRegistered") {
      const { id, login, email, firstName, lastName, imageUrl, langKey, passwordHash, authorities } = event.data;
      return {
        status: "active",
        account: newAccountCore({
          id,
          login,
          passwordHash,
          activated: true,
          authorities,
          profile: { email, firstName, lastName, imageUrl, langKey },
        }),
      };
    }
    if (state.status === "unregistered") return state;
    const account = evolveAccountCore(state.account, event);
    return { status: account.deleted ? "deleted" : account.activated ? "active" : "deactivated", account };
  },

  decide: (command, state) => {
    if (command.type === "RegisterAdministrator") return registerAdministrator(command, state);
    if (state.status === "unregistered") throw notFound(accountErrors.notRegistered);
    return decideAccountCommand(command, state.account);
  },
};

export const adminEventDefinitions = Object.entries(adminEventSchemas).map(([type, schema]) => ({ type, schema }));
