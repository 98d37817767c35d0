/** The year filter's choices (spec section 9): the current year and the two before it; '' is Todos. */
export const yearOptions = (now = new Date()) => {
  const year = now.getFullYear();
  return [year, year - 1, year - 2].map(String);
};

export const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/** "2026-05-04" as the spec shows dates: 04/05/2026. */
export const brazilianDate = (isoDate: string) => isoDate.split("-").reverse().join("/");
