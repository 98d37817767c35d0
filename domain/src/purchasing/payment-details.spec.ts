import { describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors";
import { cardBrandOf, isValidCpf, parseCard, priceOrder } from "./payment-details";

const now = new Date("2026-11-24T12:00:00Z");
const card = { number: "4111 1111 1111 1111", name: "Ana Souza", expiry: "12/30", cvc: "123" };

describe("checkout details", () => {
  it("accepts a CPF only when its check digits add up", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("529.982.247-26")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("123")).toBe(false);
  });

  it("keeps only the brand and the last four digits of a card for receipts", () => {
    expect(parseCard(card, now).summary).toEqual({ brand: "Visa", last4: "1111" });
    expect(cardBrandOf("5155 9012 2228 0001")).toBe("Mastercard");
  });

  it("refuses an expired card, a malformed expiry and a short CVC, naming the field", () => {
    const refusal = (changes: Partial<typeof card>) => {
      try {
        parseCard({ ...card, ...changes }, now);
      } catch (error) {
        return error instanceof DomainError ? error.field : "other";
      }
      return "accepted";
    };
    expect(refusal({ expiry: "10/26" })).toBe("card.expiry");
    expect(refusal({ expiry: "11/26" })).toBe("accepted");
    expect(refusal({ expiry: "13/30" })).toBe("card.expiry");
    expect(refusal({ cvc: "12" })).toBe("card.cvc");
    expect(refusal({ number: "4111" })).toBe("card.number");
  });

  it("prices the cart at today's prices, adding up a package asked twice, refusing one no longer on sale", () => {
    const onSale = (id: number) => (id === 1 ? { id: 1, amount: 1, valueCents: 47_00 } : undefined);
    expect(
      priceOrder(
        [
          { id: 1, quantity: 1 },
          { id: 1, quantity: 2 },
        ],
        onSale,
      ),
    ).toEqual([{ packageId: 1, amount: 1, unitCents: 47_00, quantity: 3 }]);
    expect(() => priceOrder([{ id: 2, quantity: 1 }], onSale)).toThrow(DomainError);
  });
});
