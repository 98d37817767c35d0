import { invalid } from "../shared/errors";
import type { OrderLine } from "./purchase";
import type { PackageLine } from "./purchase-views";

/** What a checkout checks before any money moves; each refusal names the field at fault. */
export const checkoutErrors = {
  cpf: "error.checkout.cpf",
  card: "error.checkout.card",
  expiry: "error.checkout.expiry",
  cvc: "error.checkout.cvc",
  cardRequired: "error.checkout.cardRequired",
  holder: "error.checkout.holder",
} as const;

export const digitsOf = (text: string) => text.replace(/\D/g, "");

/** A CPF is 11 digits whose last two are check digits (mod 11); a run of one digit passes the sums but is not issued. */
export const isValidCpf = (cpf: string) => {
  const digits = digitsOf(cpf);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const checkDigit = (length: number) => {
    const sum = [...digits.slice(0, length)].reduce(
      (total, digit, index) => total + Number(digit) * (length + 1 - index),
      0,
    );
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === Number(digits[9]) && checkDigit(10) === Number(digits[10]);
};

/** The brand by the number's first digits (what a receipt shows beside the last four). */
export const cardBrandOf = (number: string) => {
  const digits = digitsOf(number);
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "Amex";
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits)) return "Elo";
  if (/^(606282|3841)/.test(digits)) return "Hipercard";
  return "Cartão";
};

/** The card as the gateway needs it, checked for shape; only brand and last four leave this function's caller. */
export const parseCard = (card: { number: string; name: string; expiry: string; cvc: string }, now: Date) => {
  const number = digitsOf(card.number);
  if (number.length < 13 || number.length > 19) throw invalid(checkoutErrors.card, "card.number");
  const holderName = card.name.trim();
  if (holderName.length < 2) throw invalid(checkoutErrors.holder, "card.name");
  const expiry = /^(\d{2})\/(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) throw invalid(checkoutErrors.expiry, "card.expiry");
  const year = expiry[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is good until the end of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    throw invalid(checkoutErrors.expiry, "card.expiry");
  const cvc = digitsOf(card.cvc);
  if (cvc.length < 3 || cvc.length > 4) throw invalid(checkoutErrors.cvc, "card.cvc");
  return {
    number,
    holderName,
    expiryMonth: String(month).padStart(2, "0"),
    expiryYear: String(year % 100).padStart(2, "0"),
    cvc,
    summary: { brand: cardBrandOf(number), last4: number.slice(-4) },
  };
};

/** A package on sale, as the catalogue holds it. */
export interface PackageOnSale {
  id: number;
  amount: number;
  valueCents: number;
}

/**
 * The cart's lines priced at today's prices: the same package asked twice counts once with the quantities
 * added; a package no longer on sale refuses the order (the student's screen is out of date).
 */
export const priceOrder = (
  lines: readonly PackageLine[],
  onSale: (id: number) => PackageOnSale | undefined,
): OrderLine[] => {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.id, (quantities.get(line.id) ?? 0) + line.quantity);
  return [...quantities].map(([id, quantity]) => {
    const pack = onSale(id);
    if (!pack) throw invalid("error.purchase.packageUnavailable", "packages");
    return { packageId: id, amount: pack.amount, unitCents: pack.valueCents, quantity };
  });
};
