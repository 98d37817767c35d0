/**
 * A boleto's numbers as FEBRABAN lays them out: the 44-digit barcode (bank, currency 9, general check digit,
 * due-date factor, amount, 25-digit free field) and the 47-digit digitable line a payer types when the barcode
 * cannot be scanned.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const FACTOR_BASE = Date.UTC(1997, 9, 7);

/**
 * The due-date factor: days since 1997-10-07, in four digits. It reached 9999 on 2025-02-21 and FEBRABAN
 * restarted it at 1000 on 2025-02-22, so it now cycles through 1000–9999 every 9,000 days.
 */
export const dueDateFactor = (dueDate: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate);
  if (!match) throw new Error(`A due date is YYYY-MM-DD, not ${dueDate}`);
  const days = Math.round((Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - FACTOR_BASE) / DAY_MS);
  if (days < 1000) throw new Error(`No boleto factor exists for ${dueDate}`);
  return String(((days - 1000) % 9000) + 1000);
};

/** Mod 10 with weights 2, 1, 2, 1… from the right, a product's digits added: the line's field check digit. */
export const mod10 = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
};

/** Mod 11 with weights 2–9 from the right; 0, 10 and 11 become 1: the barcode's general check digit. */
export const mod11 = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * ((i % 8) + 2);
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
};

export interface BoletoNumbers {
  /** 44 digits. */
  barcode: string;
  /** 47 digits. */
  digitableLine: string;
}

/** Builds the barcode and its digitable line. `freeField` is the bank's own 25 digits (agency, our number…). */
export const boletoNumbers = (input: {
  bankCode: string;
  amountCents: number;
  dueDate: string;
  freeField: string;
}): BoletoNumbers => {
  if (!/^\d{3}$/.test(input.bankCode)) throw new Error("A bank code is 3 digits");
  if (!/^\d{25}$/.test(input.freeField)) throw new Error("A boleto's free field is 25 digits");
  if (!Number.isInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 99_999_999_99) {
    throw new Error("A boleto's amount is whole centavos, at most 10 digits");
  }
  const head = `${input.bankCode}9`;
  const tail = `${dueDateFactor(input.dueDate)}${String(input.amountCents).padStart(10, "0")}${input.freeField}`;
  const barcode = `${head}${mod11(head + tail)}${tail}`;
  return { barcode, digitableLine: digitableLineOf(barcode) };
};

/** The digitable line of a 44-digit barcode: three fields with their mod-10 digits, the general digit, factor and amount. */
export const digitableLineOf = (barcode: string): string => {
  if (!/^\d{44}$/.test(barcode)) throw new Error("A boleto barcode is 44 digits");
  const free = barcode.slice(19);
  const field1 = barcode.slice(0, 4) + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
};

/** "00190.00009 01234.567891 23456.789012 3 99990000012345": how a printed boleto shows its line. */
export const formatDigitableLine = (line: string): string =>
  `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
