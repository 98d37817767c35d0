import { accountsEventDefinitions } from "@el/domain/accounts/index";
import { auditsProjector } from "@el/projections/audits/index";
import { passwordResetKeysProjector } from "@el/projections/password-reset-keys/password-reset-keys";
import { usersProjector } from "@el/projections/users/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { accountRoutes } from "./account-routes";
import { registerAuth } from "./auth";
import { createFirstAdministrator } from "./first-administrator";
import { registerMailer } from "./mailer";
import { managementRoutes } from "./management-routes";
import { usersRoutes } from "./users-routes";

export type { CurrentUser } from "./auth";

const routes = async (app: FastifyInstance) => {
  await registerAuth(app);
  registerMailer(app);
  await app.register(accountRoutes);
  await app.register(usersRoutes);
  await app.register(managementRoutes);
};
// The auth and mail decorators belong to the whole app, not to this plugin's scope: every slice uses them.
Object.assign(routes, { [Symbol.for("skip-override")]: true });

/** Accounts: sign-up, sign-in, password reset, user management, audits, and the auth every route relies on. */
export const accountsFeature: Feature = {
  name: "accounts",
  events: accountsEventDefinitions,
  projectors: [usersProjector, auditsProjector, passwordResetKeysProjector],
  routes,
  seed: createFirstAdministrator,
};
