/** Spec section 2: 'aula' for a balance of 1 or less, 'aulas' above 1. */
export const balanceLabelKey = (balance: number) =>
  balance <= 1 ? "student.balance.singular" : "student.balance.plural";
