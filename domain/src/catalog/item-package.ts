import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * An item package (stream `package-{id}`): a pack of lesson credits sold at one price. Prices are whole
 * centavos; the API speaks reais (47, 180.5) and converts at its edge with `centsFromReais`.
 */

export const packageErrors = {
  notFound: "error.itemPackage.notFound",
  exists: "error.itemPackage.exists",
  amount: "error.itemPackage.amount",
  value: "error.itemPackage.value",
} as const;

/** Reais (a JSON number such as 47 or 180.5) to whole centavos, without floating-point drift. */
export const centsFromReais = (reais: number) => Math.round(reais * 100);
export const reaisFromCents = (cents: number) => cents / 100;

export const PackageFields = z.object({
  /** Lessons (credits) in the pack. */
  amount: z.number().int(),
  valueCents: z.number().int(),
});
export type PackageFields = z.infer<typeof PackageFields>;

export const packageEventSchemas = {
  ItemPackageCreated: PackageFields.extend({ id: z.number().int().positive() }),
  ItemPackageChanged: PackageFields,
  ItemPackageRemoved: z.object({ by: z.string() }),
};

export type ItemPackageEvent = EventOf<typeof packageEventSchemas>;

export const packageStreams = streamKind("package", packageEventSchemas, numericKey);

export type CreateItemPackage = Command<"CreateItemPackage", { id: number } & PackageFields>;
export type ChangeItemPackage = Command<"ChangeItemPackage", PackageFields>;
export type RemoveItemPackage = Command<"RemoveItemPackage", { by: string }>;

export type ItemPackageCommand = CreateItemPackage | ChangeItemPackage | RemoveItemPackage;

export type ItemPackage = { status: "absent" } | ({ status: "offered" | "removed"; id: number } & PackageFields);

const requireValid = ({ amount, valueCents }: PackageFields) => {
  if (!Number.isInteger(amount) || amount < 1) throw invalid(packageErrors.amount, "amount");
  if (!Number.isInteger(valueCents) || valueCents < 1) throw invalid(packageErrors.value, "value");
};

export const createItemPackage = (command: CreateItemPackage, state: ItemPackage): ItemPackageEvent[] => {
  if (state.status !== "absent") throw conflict(packageErrors.exists);
  requireValid(command);
  return [
    {
      type: "ItemPackageCreated",
      data: { id: command.id, amount: command.amount, valueCents: command.valueCents },
    },
  ];
};

export const changeItemPackage = (command: ChangeItemPackage, state: ItemPackage): ItemPackageEvent[] => {
  if (state.status !== "offered") throw notFound(packageErrors.notFound);
  requireValid(command);
  if (command.amount === state.amount && command.valueCents === state.valueCents) return [];
  return [{ type: "ItemPackageChanged", data: { amount: command.amount, valueCents: command.valueCents } }];
};

export const removeItemPackage = (command: RemoveItemPackage, state: ItemPackage): ItemPackageEvent[] => {
  if (state.status === "absent") throw notFound(packageErrors.notFound);
  return state.status === "removed" ? [] : [{ type: "ItemPackageRemoved", data: { by: command.by } }];
};

export const itemPackageDecider: Decider<ItemPackageCommand, ItemPackageEvent, ItemPackage> = {
  initialState: () => ({ status: "absent" }),

  evolve: (state, event) => {
    switch (event.type) {
      case "ItemPackageCreated":
        return { status: "offered", ...event.data };
      case "ItemPackageChanged":
        return state.status === "absent" ? state : { ...state, ...event.data };
      case "ItemPackageRemoved":
        return state.status === "absent" ? state : { ...state, status: "removed" };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "CreateItemPackage":
        return createItemPackage(command, state);
      case "ChangeItemPackage":
        return changeItemPackage(command, state);
      case "RemoveItemPackage":
        return removeItemPackage(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const itemPackageEventDefinitions = Object.entries(packageEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
