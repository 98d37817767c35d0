// Only the type: the schema's value would bring zod into the landing page's download.
import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import { api } from "../../lib/api";

const isItemPackage = (value: unknown): value is ItemPackageView => {
  const pack = value as Partial<Record<keyof ItemPackageView, unknown>> | null;
  return (
    typeof pack === "object" &&
    pack !== null &&
    typeof pack.id === "number" &&
    Number.isInteger(pack.amount) &&
    (pack.amount as number) > 0 &&
    typeof pack.value === "number" &&
    Number.isFinite(pack.value)
  );
};

/**
 * The packs on sale, checked by hand rather than with a zod schema: this is the one answer the landing
 * page reads, and zod would be a fifth of the JavaScript a first visit may download (issue 14).
 */
export const fetchItemPackages = async (): Promise<ItemPackageView[]> => {
  const answer = await api.get<unknown>("api/item-packages");
  if (!Array.isArray(answer) || !answer.every(isItemPackage)) {
    throw new Error("api/item-packages answered something other than a list of packs");
  }
  return [...answer].sort((a, b) => a.amount - b.amount);
};

export type PackageTier = "single" | "small" | "medium" | "large";

/** The card's border colour follows the amount: 1, 2–4, 5–8, above 8 (spec section 9). */
export const tierOf = (amount: number): PackageTier => {
  if (amount <= 1) return "single";
  if (amount <= 4) return "small";
  if (amount <= 8) return "medium";
  return "large";
};

/** Packs sold as a quarter's worth of lessons carry the spec's label. */
export const periodLabelKey = (amount: number) => {
  if (amount === 12) return "landing.prices.quarterly";
  if (amount === 24) return "landing.prices.quarterlyTwice";
  return undefined;
};

export const pricePerLesson = (pack: ItemPackageView) => pack.value / pack.amount;

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

const reais = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** Prices in reais with comma decimals: 'R$ 47,00'. */
export const formatReais = (value: number) => reais.format(value).replace(/\u00a0/g, " ");
export const formatPercent = (value: number) => `${value.toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;
