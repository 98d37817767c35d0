import type { SocialTeacherApplication } from "@el/domain/accounts/account-requests";
import { z } from "zod";
import { interfaceLanguage } from "../../../i18n/i18n";
import { api } from "../../../lib/api";

/**
 * `POST api/register/social/teacher`: the application of a teacher whom Google or Facebook vouched for (the e-mail
 * and photo are in the ticket), linked to the provider; nobody is signed in until it is accepted.
 */
export const registerSocialTeacher = async (application: SocialTeacherApplication) =>
  z
    .object({ login: z.string() })
    .parse(await api.post("api/register/social/teacher", { langKey: interfaceLanguage(), ...application }));
