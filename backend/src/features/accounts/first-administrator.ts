import { randomBytes } from "node:crypto";
import { DomainError } from "@el/domain";
import { countUsers } from "@el/projections/accounts/users/index";
import type { FastifyInstance } from "fastify";
import { registerAdministrator } from "./registration";

/**
 * At first start (no administrator yet) creates one from ADMIN_EMAIL / ADMIN_PASSWORD. Without them, the
 * embedded default makes up a password and prints it once, on the console only: never in a log record.
 * The login is the e-mail. Two instances starting together race on the same streams; the loser is refused
 * as a duplicate, which is fine.
 */
export const createFirstAdministrator = async (app: FastifyInstance) => {
  if ((await countUsers(app.db, "admin")) > 0) return;
  const email = (app.config.adminEmail ?? "admin@englishlessons.local").toLowerCase();
  const generated = app.config.adminPassword ? undefined : randomBytes(12).toString("base64url");
  try {
    await registerAdministrator(app, {
      login: email,
      email,
      firstName: "Administrador",
      lastName: null,
      imageUrl: null,
      password: app.config.adminPassword ?? (generated as string),
      authorities: [],
    });
  } catch (error) {
    // Another instance starting at the same moment won the race (its account may not be projected yet).
    const duplicate =
      error instanceof DomainError && ["error.emailexists", "error.userexists"].includes(error.messageKey);
    if (duplicate || (await countUsers(app.db, "admin")) > 0) return;
    throw error;
  }
  app.log.info(`first administrator ${email} created`);
  if (generated)
    console.log(
      `\n  First administrator created: ${email}\n  Password (shown only this once): ${generated}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them.\n`,
    );
};
