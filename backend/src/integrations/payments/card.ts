/**
 * What both gateways need to know about a card before (or instead of) asking anyone: whether its number can be
 * a card at all, its brand, its last four digits and whether it is past its expiry month. Nothing here keeps
 * or prints the number.
 */

/** The number as typed, without the spaces or hyphens of "4111 1111 1111 1111". */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, "");

/** Luhn (mod 10) check: catches a mistyped digit or two swapped neighbours before a gateway sees the number. */
export const passesLuhn = (number: string): boolean => {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

export type CardBrand = "Visa" | "Mastercard" | "Amex" | "Elo" | "Hipercard";

// Elo's BIN ranges (six digits) sit inside Visa's and Mastercard's leading digits, so they are tested first.
const eloBinRanges: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

/** The brand by the number's leading digits (Getnet's names); undefined when none of ours matches. */
export const cardBrand = (number: string): CardBrand | undefined => {
  const digits = cardDigits(number);
  const bin = Number(digits.slice(0, 6));
  if (eloBinRanges.some(([from, to]) => bin >= from && bin <= to)) return "Elo";
  if (/^(606282|3841)/.test(digits)) return "Hipercard";
  if (/^3[47]/.test(digits)) return "Amex";
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  return undefined;
};

export const lastFour = (number: string): string => cardDigits(number).slice(-4);

/**
 * A card is good through the last day of its expiry month, in Brazil's time (UTC−3, no daylight saving since
 * 2019). The year may come as "29" or "2029".
 */
export const isExpired = (expiryMonth: string, expiryYear: string, now: Date): boolean => {
  const month = Number(expiryMonth);
  const year = expiryYear.length === 2 ? 2000 + Number(expiryYear) : Number(expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return true;
  const brazil = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  const current = brazil.getUTCFullYear() * 12 + brazil.getUTCMonth();
  return year * 12 + (month - 1) < current;
};

/** Two-digit month and year, as Getnet's card fields take them. */
export const expiryParts = (expiryMonth: string, expiryYear: string): { month: string; year: string } => ({
  month: expiryMonth.padStart(2, "0"),
  year: expiryYear.slice(-2),
});
