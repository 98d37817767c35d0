import { accountErrors, creditErrors, lastAdministratorError } from "@el/domain/accounts/index";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";

/**
 * Every key the accounts routes can answer with, in an error (`X-app-error` / `message`) or a success
 * (`X-app-alert`). The domain's refusals are read from the domain, so a new one fails here until it has
 * texts; the route-level keys are copied from `backend/src/features/accounts` and its error handler.
 */
const routeKeys = [
  "login.messages.error.authentication",
  "login.messages.error.tooManyAttempts",
  "login.messages.error.underReview",
  "login.messages.error.deactivated",
  "error.http.401",
  "error.http.403",
  "error.http.429",
  "error.http.500",
  "error.url.not.found",
  "error.validation",
  "error.concurrency",
  "register.messages.success",
  "settings.messages.success",
  "password.messages.success",
  "sessions.messages.revoked",
  "reset.request.messages.success",
  "reset.finish.messages.success",
  "userManagement.created",
  "userManagement.updated",
  "userManagement.deleted",
];
const domainKeys = [...Object.values(accountErrors), ...Object.values(creditErrors), lastAdministratorError];

describe("texts for what the accounts routes answer", () => {
  it.each(["pt-br", "en"])("every key has a %s text", (lng) => {
    // Read without the fallback language, so an English gap is not hidden by the Portuguese text.
    const untranslated = [...domainKeys, ...routeKeys].filter(
      (key) => typeof i18n.getResource(lng, "translation", key) !== "string",
    );
    expect(untranslated).toEqual([]);
  });
});
