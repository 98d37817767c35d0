import { api } from "../../../lib/api";
import { User } from "./user";

interface NewPerson {
  firstName: string;
  lastName: string | null;
  email: string;
  /** Left out, the person signs in after recovering a password by e-mail. */
  password?: string;
  phone: string | null;
  cpf: string | null;
}

export interface NewStudent extends NewPerson {
  student: true;
  level: number | null;
  objective: string | null;
  cep: string | null;
  street: string | null;
  number: string | null;
  neighbourhood: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

export interface NewTeacher extends NewPerson {
  student: false;
  experience: string | null;
  bankNumber: string | null;
  bankBranch: string | null;
  bankAccount: string | null;
}

/** `POST api/registerByAdmin`: a student, or a teacher accepted at once. */
export const registerByAdmin = async (person: NewStudent | NewTeacher) =>
  User.optional().parse(await api.post("api/registerByAdmin", person));
