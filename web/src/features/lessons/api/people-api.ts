import { fullName } from "@el/domain/shared/full-name";
import { z } from "zod";
import { api } from "../../../lib/api";

const Person = z.object({ id: z.number().int(), firstName: z.string().nullish(), lastName: z.string().nullish() });
export type Person = z.infer<typeof Person>;

/** Every teacher or student, by first name, for the filters' selects (spec section 7: full-list fetches). */
export const getPeople = async (kind: "teacher" | "student") =>
  z
    .array(Person)
    .parse(await api.get(`api/users/${kind}`, { page: 0, size: 99999, sort: "firstName,asc" }))
    .map((person) => ({ id: person.id, name: fullName(person) }));
