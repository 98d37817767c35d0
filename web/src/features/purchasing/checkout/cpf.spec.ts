import { describe, expect, it } from "vitest";
import { isValidCpf } from "./cpf";

describe("a CPF", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "390.533.447-05"])("%s is valid", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ["a wrong first check digit", "529.982.247-35"],
    ["a wrong second check digit", "529.982.247-26"],
    ["eleven equal digits", "111.111.111-11"],
    ["too few digits", "529.982.247-2"],
    ["nothing", ""],
  ])("is refused with %s", (_, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});
