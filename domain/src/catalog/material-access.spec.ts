import { describe, expect, it } from "vitest";
import { mayReadMaterial, seesInactiveMaterials } from "./material-access";

const student = ["ROLE_USER", "ROLE_STUDENT"];
const teacher = ["ROLE_USER", "ROLE_TEACHER"];
const admin = ["ROLE_ADMIN", "ROLE_USER"];

describe("who sees a material", () => {
  it("an active one: everyone signed in", () => {
    for (const authorities of [student, teacher, admin])
      expect(mayReadMaterial({ active: true }, authorities)).toBe(true);
  });

  it("a deactivated one: administrators only, who may also list them", () => {
    expect([student, teacher, admin].map((authorities) => mayReadMaterial({ active: false }, authorities))).toEqual([
      false,
      false,
      true,
    ]);
    expect([student, teacher, admin].map(seesInactiveMaterials)).toEqual([false, false, true]);
  });
});
