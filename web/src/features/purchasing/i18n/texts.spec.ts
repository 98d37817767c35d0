import { purchaseMessages } from "@el/domain/purchasing/purchase-views";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";
import en from "./en.json";
import ptBr from "./pt-br.json";

const keysOf = (texts: object, prefix = ""): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe("the purchase screens' texts", () => {
  it("say the spec's Portuguese sentences word for word", () => {
    const pt = (key: string) => i18n.getResource("pt-br", "translation", key);
    expect(pt("purchasing.result.approved")).toBe(purchaseMessages.approved);
    expect(pt("purchasing.warnings.emptyCart")).toBe(purchaseMessages.emptyCart);
    expect(pt("purchasing.form.missingFields")).toBe(purchaseMessages.missingFields);
    expect(pt("purchasing.form.errors.cep")).toBe(purchaseMessages.invalidCep);
    expect(pt("purchasing.result.paid")).toBe(purchaseMessages.paymentConfirmed);
  });

  it("have an English text for every Portuguese one", () => {
    expect(keysOf(en).sort()).toEqual(keysOf(ptBr).sort());
  });
});
