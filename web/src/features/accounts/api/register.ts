import type { Registration } from "@el/domain/accounts/account-requests";
import { interfaceLanguage } from "../../../i18n/i18n";
import { api } from "../../../lib/api";

/** `POST api/register`: a student account, or a teacher application awaiting an administrator. */
export const register = (registration: Registration) =>
  api.post<void>(
    "api/register",
    { langKey: interfaceLanguage(), ...registration } satisfies Registration,
    // A student is signed in and taken away, so the toast says it worked; a teacher's page says it itself.
    { successAlert: registration.student ? undefined : false },
  );
