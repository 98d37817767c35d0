import { describe, expect, it } from "vitest";
import { type DecimalDigits, type DecimalLocale, formatDecimal } from "./decimal-format";

const VALUES = [
  0, -0, 1, -1, 0.5, 1.005, 2.675, 0.125, 0.0005, 1e-7, 37.5, 33.333333, 47, 480, 1234.5, 1234567.891, 999.995, -42.25,
  19.999, 100.05, 14.8, 20.2, 4.85, 1e20, 123456789012.345,
];
const DIGITS: DecimalDigits[] = [
  {},
  { maximumFractionDigits: 1 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { maximumFractionDigits: 0 },
];

describe("formatDecimal", () => {
  it.each(["pt-BR", "en-US"] as DecimalLocale[])("writes numbers as Intl does in %s", (locale) => {
    const random = Array.from(
      { length: 300 },
      (_, index) => Math.round(Math.sin(index + 1) * 10 ** (index % 8)) / 1000,
    );
    for (const value of [...VALUES, ...random])
      for (const digits of DIGITS)
        expect(formatDecimal(value, locale, digits)).toBe(value.toLocaleString(locale, digits));
  });

  it("writes a price as the spec shows it", () => {
    expect(formatDecimal(1234.5, "pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe("1.234,50");
    expect(formatDecimal(14.8, "pt-BR", { maximumFractionDigits: 1 })).toBe("14,8");
  });
});
