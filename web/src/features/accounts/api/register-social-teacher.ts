import { z } from "zod";
import { interfaceLanguage } from "../../../i18n/i18n";
import { api } from "../../../lib/api";

/** What a teacher whom Google or Facebook vouched for sends to apply; the e-mail and photo are in the ticket. */
export interface SocialTeacherApplication {
  ticket: string;
  firstName: string;
  lastName: string;
  phone: string;
  experience: string;
}

/** `POST api/register/social/teacher`: the application, linked to the provider; nobody is signed in until it is accepted. */
export const registerSocialTeacher = async (application: SocialTeacherApplication) =>
  z
    .object({ login: z.string() })
    .parse(await api.post("api/register/social/teacher", { langKey: interfaceLanguage(), ...application }));
