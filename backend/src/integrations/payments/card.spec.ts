import { describe, expect, it } from "vitest";
import { cardBrand, isExpired, lastFour, passesLuhn } from "./card";

describe("card checks made before any gateway sees a number", () => {
  it("accepts test cards that pass Luhn and refuses a mistyped digit or swapped neighbours", () => {
    expect(passesLuhn("4111 1111 1111 1111")).toBe(true);
    expect(passesLuhn("5155-9012-2228-0001")).toBe(true);
    expect(passesLuhn("4012001037141112")).toBe(true);
    expect(passesLuhn("4111 1111 1111 1121")).toBe(false);
    expect(passesLuhn("4012001037141121")).toBe(false);
    expect(passesLuhn("4111")).toBe(false);
    expect(passesLuhn("4111 1111 1111 111a")).toBe(false);
  });

  it("names the brand Getnet expects, Elo before the Visa and Mastercard ranges it sits in", () => {
    expect(cardBrand("4111111111111111")).toBe("Visa");
    expect(cardBrand("5155901222280001")).toBe("Mastercard");
    expect(cardBrand("2221000000000009")).toBe("Mastercard");
    expect(cardBrand("378282246310005")).toBe("Amex");
    expect(cardBrand("6362970000457013")).toBe("Elo");
    expect(cardBrand("4389350000000000")).toBe("Elo");
    expect(cardBrand("6062825624254001")).toBe("Hipercard");
    expect(cardBrand("9999999999999995")).toBeUndefined();
  });

  it("keeps only the last four digits", () => {
    expect(lastFour("4111 1111 1111 1234")).toBe("1234");
  });

  it("takes a card as good through its expiry month in Brazil's time", () => {
    // 02:00 UTC on 1 December is still 30 November in São Paulo: a card expiring 11/2026 still works.
    expect(isExpired("11", "2026", new Date("2026-12-01T02:00:00Z"))).toBe(false);
    expect(isExpired("11", "26", new Date("2026-12-01T03:00:00Z"))).toBe(true);
    expect(isExpired("01", "2027", new Date("2026-12-01T03:00:00Z"))).toBe(false);
    expect(isExpired("13", "2030", new Date("2026-12-01T03:00:00Z"))).toBe(true);
  });
});
