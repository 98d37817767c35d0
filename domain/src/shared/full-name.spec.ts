import { describe, expect, it } from "vitest";
import { fullName } from "./full-name";

describe("fullName", () => {
  it("joins the first and last name with a space", () => {
    expect(fullName({ firstName: "Ana", lastName: "Souza" })).toBe("Ana Souza");
  });

  it("leaves out a missing or empty part, with no stray space", () => {
    expect(fullName({ firstName: "Ana", lastName: null })).toBe("Ana");
    expect(fullName({ firstName: "Ana", lastName: "" })).toBe("Ana");
    expect(fullName({ firstName: null, lastName: "Souza" })).toBe("Souza");
    expect(fullName({ firstName: null, lastName: null })).toBe("");
  });
});
