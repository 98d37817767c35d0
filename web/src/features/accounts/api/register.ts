import { interfaceLanguage } from "../../../i18n/i18n";
import { api } from "../../../lib/api";

export interface StudentRegistration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  level: number;
  objective: string;
  /** Where the student heard of us (the form's "heardFrom"). */
  seen: string;
  /** The photo a social sign-in brought. */
  imageUrl?: string;
  student: true;
}

export interface TeacherApplication {
  firstName: string;
  email: string;
  phone: string;
  password: string;
  experience: string;
  student: false;
}

/** `POST api/register`: a student account, or a teacher application awaiting an administrator. */
export const register = (registration: StudentRegistration | TeacherApplication) =>
  api.post<void>(
    "api/register",
    { langKey: interfaceLanguage(), ...registration },
    // A student is signed in and taken away, so the toast says it worked; a teacher's page says it itself.
    { successAlert: registration.student ? undefined : false },
  );
