import { describe, expect, it } from "vitest";
import { PERSON_REMOVED } from "../accounts/personal-data";
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

describe("fullName of an erased person", () => {
  it("given both names read 'titular removido', when written, then it says 'titular removido' once", () => {
    expect(fullName({ firstName: PERSON_REMOVED, lastName: PERSON_REMOVED })).toBe("titular removido");
  });

  it("given only one part was ever there, when written, then it says 'titular removido' once too", () => {
    expect(fullName({ firstName: PERSON_REMOVED, lastName: null })).toBe("titular removido");
  });
});
