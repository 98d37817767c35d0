/** A person's name as every screen, e-mail and export writes it. */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

/** First and last name joined by a space, leaving out the part that is missing. */
export const fullName = ({ firstName, lastName }: PersonName) => [firstName, lastName].filter(Boolean).join(" ");
