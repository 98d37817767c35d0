import { PERSON_REMOVED } from "../accounts/personal-data";

/** A person's name as every screen, e-mail and export writes it. */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * First and last name joined by a space, leaving out the part that is missing. An erased person, both
 * of whose names read "titular removido", is written "titular removido" once.
 */
export const fullName = ({ firstName, lastName }: PersonName) =>
  [firstName, lastName === PERSON_REMOVED && firstName === PERSON_REMOVED ? null : lastName].filter(Boolean).join(" ");
