import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { formatDecimal } from "../decimal-format";

/**
 * How a lesson pack is priced and shown, for the landing page's price cards and the student's purchase
 * screen alike. Type-only domain import: the landing page loads this, and zod must stay out of its download.
 */

export type PackageTier = "single" | "small" | "medium" | "large";

/** The card's border colour follows the amount: 1, 2–4, 5–8, above 8 (spec section 9). */
export const tierOf = (amount: number): PackageTier => {
  if (amount <= 1) return "single";
  if (amount <= 4) return "small";
  if (amount <= 8) return "medium";
  return "large";
};

export const pricePerLesson = (pack: Pick<ItemPackageView, "amount" | "value">) => pack.value / pack.amount;

/**
 * Savings of each pack against the per-lesson price of the cheapest pack, in percent with one decimal
 * cut (not rounded) as the spec shows them: R$ 480 for 12 against R$ 47 for 1 saves 14,8%, R$ 900 for
 * 24 saves 20,2%. No saving (or a dearer pack) gives 0.
 */
export const savingsPercent = (pack: ItemPackageView, all: readonly ItemPackageView[]) => {
  const cheapest = all.reduce<ItemPackageView | undefined>(
    (found, candidate) => (!found || candidate.value < found.value ? candidate : found),
    undefined,
  );
  if (!cheapest) return 0;
  const saving = (1 - pricePerLesson(pack) / pricePerLesson(cheapest)) * 100;
  // A hair of tolerance so 20.2 computed as 20.19999… still reads 20,2.
  return saving > 0 ? Math.floor(saving * 10 + 1e-9) / 10 : 0;
};

/**
 * Prices in reais with comma decimals: 'R$ 47,00', as Intl's pt-BR currency format writes them (with a plain
 * space), without the cost of Intl's first number format on the landing page (lib/decimal-format.ts).
 */
export const formatReais = (value: number) => {
  const amount = formatDecimal(value, "pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return amount.startsWith("-") ? `-R$ ${amount.slice(1)}` : `R$ ${amount}`;
};
export const formatPercent = (value: number) => `${formatDecimal(value, "pt-BR", { maximumFractionDigits: 1 })}%`;
