import { describe, expect, it } from "vitest";
import { formatPercent, formatReais } from "./package-pricing";

describe("package prices", () => {
  it("writes reais as Intl's pt-BR currency format does, with a plain space", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    for (const value of [0, 1, 47, 40, 37.5, 33.333333, 480, 1234.5, 1234567.891, 0.005, 2.675, -12.5, 999.995])
      expect(formatReais(value)).toBe(intl.format(value).replace(/\u00a0/g, " "));
    expect(formatReais(1234.5)).toBe("R$ 1.234,50");
  });

  it("writes a saving with at most one decimal", () => {
    expect(formatPercent(14.8)).toBe("14,8%");
    expect(formatPercent(20)).toBe("20%");
  });
});
