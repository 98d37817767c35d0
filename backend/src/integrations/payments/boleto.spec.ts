import { describe, expect, it } from "vitest";
import { boletoNumbers, dueDateFactor, formatDigitableLine } from "./boleto";

/**
 * The checks a bank's app makes when a payer types the line, written here apart from the code under test
 * (each field's Luhn-style digit, the barcode's mod-11 digit) so a shared mistake cannot pass both.
 */
const fieldDigitOk = (field: string): boolean => {
  const body = field.slice(0, -1).split("").map(Number).reverse();
  const total = body
    .map((digit, index) => (index % 2 === 0 ? digit * 2 : digit))
    .map((product) => Math.floor(product / 10) + (product % 10))
    .reduce((a, b) => a + b, 0);
  const expected = total % 10 === 0 ? 0 : 10 - (total % 10);
  return Number(field.at(-1)) === expected;
};

const generalDigitOk = (barcode: string): boolean => {
  const withoutDigit = barcode.slice(0, 4) + barcode.slice(5);
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  const total = withoutDigit
    .split("")
    .reverse()
    .reduce((sum, digit, index) => sum + Number(digit) * (weights[index % 8] ?? 0), 0);
  const rest = total % 11;
  const expected = rest === 0 || rest === 1 || rest === 10 ? 1 : 11 - rest;
  return Number(barcode[4]) === expected;
};

/** The barcode a scanner would read back from the typed line. */
const barcodeFromLine = (line: string) =>
  line.slice(0, 4) +
  line.slice(32, 33) +
  line.slice(33, 47) +
  line.slice(4, 9) +
  line.slice(10, 20) +
  line.slice(21, 31);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 864e5;

describe("boleto due-date factor", () => {
  it("counts days from 1997-10-07 up to 9999 on 2025-02-21", () => {
    expect(dueDateFactor("2000-07-03")).toBe("1000");
    expect(dueDateFactor("2024-11-24")).toBe(String(daysBetween("1997-10-07", "2024-11-24")));
    expect(dueDateFactor("2025-02-21")).toBe("9999");
  });

  it("restarts at 1000 on 2025-02-22, as FEBRABAN set", () => {
    expect(dueDateFactor("2025-02-22")).toBe("1000");
    expect(dueDateFactor("2025-02-23")).toBe("1001");
    expect(dueDateFactor("2026-12-01")).toBe(String(1000 + daysBetween("2025-02-22", "2026-12-01")));
  });
});

describe("boleto numbers", () => {
  const boleto = boletoNumbers({
    bankCode: "999",
    amountCents: 39_990,
    dueDate: "2026-12-01",
    freeField: "1234567890123456789012345",
  });

  it("lays out the 44-digit barcode: bank, currency 9, general digit, factor, amount, free field", () => {
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.barcode.slice(0, 4)).toBe("9999");
    expect(boleto.barcode.slice(5, 9)).toBe(dueDateFactor("2026-12-01"));
    expect(boleto.barcode.slice(9, 19)).toBe("0000039990");
    expect(boleto.barcode.slice(19)).toBe("1234567890123456789012345");
    expect(generalDigitOk(boleto.barcode)).toBe(true);
  });

  it("gives a 47-digit line whose fields carry correct check digits and that reads back as the barcode", () => {
    const line = boleto.digitableLine;
    expect(line).toMatch(/^\d{47}$/);
    expect(fieldDigitOk(line.slice(0, 10))).toBe(true);
    expect(fieldDigitOk(line.slice(10, 21))).toBe(true);
    expect(fieldDigitOk(line.slice(21, 32))).toBe(true);
    expect(barcodeFromLine(line)).toBe(boleto.barcode);
    expect(line.slice(33)).toBe(`${dueDateFactor("2026-12-01")}0000039990`);
  });

  it("holds for many amounts and free fields, not only one", () => {
    for (let i = 0; i < 300; i++) {
      const freeField = String(i * 7_919_113_457 + 1).padStart(25, String(i % 10));
      const { barcode, digitableLine } = boletoNumbers({
        bankCode: String(i % 1000).padStart(3, "0"),
        amountCents: i * 1_237 + 100,
        dueDate: i % 2 === 0 ? "2025-03-10" : "2031-01-15",
        freeField,
      });
      expect(generalDigitOk(barcode)).toBe(true);
      expect(
        [digitableLine.slice(0, 10), digitableLine.slice(10, 21), digitableLine.slice(21, 32)].every(fieldDigitOk),
      ).toBe(true);
      expect(barcodeFromLine(digitableLine)).toBe(barcode);
    }
  });

  it("prints the line in its five groups", () => {
    expect(formatDigitableLine(boleto.digitableLine)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  });
});
