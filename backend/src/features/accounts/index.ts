import { accountsEventDefinitions } from "@el/domain/accounts/index";
import { passwordResetKeysProjector } from "@el/projections/accounts/password-reset-keys/password-reset-keys";
import { usersProjector } from "@el/projections/accounts/users/index";
import { auditsProjector } from "@el/projections/audit/index";
import type { FastifyInstance } from "fastify";
import type { Feature } from "../feature";
import { accountRoutes } from "./account-routes";
import { createFirstAdministrator } from "./first-administrator";
import { managementRoutes } from "./management-routes";
import { personalDataRoutes } from "./personal-data-routes";
import { socialSignInRoutes } from "./social-sign-in-routes";
import { startUnknownSignInRetention } from "./unknown-sign-in-retention";
import { usersRoutes } from "./users-routes";

const routes = async (app: FastifyInstance) => {
  await app.register(accountRoutes);
  await app.register(usersRoutes);
  await app.register(managementRoutes);
  await app.register(socialSignInRoutes);
  await app.register(personalDataRoutes);
  startUnknownSignInRetention(app);
};

/** Accounts: sign-up, sign-in, password reset, user management, audits. */
export const accountsFeature: Feature = {
  name: "accounts",
  events: accountsEventDefinitions,
  projectors: [usersProjector, auditsProjector, passwordResetKeysProjector],
  routes,
  seed: createFirstAdministrator,
};
