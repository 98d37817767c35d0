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
 * page reads, and zod would be a fifth of the JavaScript a first visit may download.
 */
export const fetchItemPackages = async (): Promise<ItemPackageView[]> => {
  const answer = await api.get<unknown>("api/item-packages");
  if (!Array.isArray(answer) || !answer.every(isItemPackage)) {
    throw new Error("api/item-packages answered something other than a list of packs");
  }
  return [...answer].sort((a, b) => a.amount - b.amount);
};

/** Packs sold as a quarter's worth of lessons carry the spec's label. */
export const periodLabelKey = (amount: number) => {
  if (amount === 12) return "landing.prices.quarterly";
  if (amount === 24) return "landing.prices.quarterlyTwice";
  return undefined;
};
