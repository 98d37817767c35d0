import { describe, expect, it } from "vitest";
import { accountErrors } from "../accounts/account";
import { type StudentEvent, studentAccountDecider } from "../accounts/student-account";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";

const given = specFor(studentAccountDecider);
const NOW = new Date("2026-11-24T19:00:00.000Z");

const registered: StudentEvent = {
  type: "StudentRegistered",
  data: {
    id: 7,
    login: "ana@example.com",
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Souza",
    phone: null,
    level: 1,
    objective: "TRAVEL",
    seen: null,
    langKey: "pt-br",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    registeredAt: "2026-03-01T12:00:00.000Z",
  },
};
const assessed: StudentEvent = { type: "LevelAssessed", data: { levelId: 3, testId: 10, at: NOW.toISOString() } };

describe("the level test's result on the student's account", () => {
  it("records the level the test placed the student in, which becomes their level", () => {
    given([registered]).when({ type: "AssessLevel", levelId: 3, testId: 10, now: NOW }).then([assessed]);
    const state = stateFrom(studentAccountDecider, [registered, assessed]);
    expect(state.status !== "unregistered" && state.account.profile.level).toBe(3);
  });

  it("refuses an account that does not exist or was deleted", () => {
    given([]).when({ type: "AssessLevel", levelId: 3, testId: 10, now: NOW }).thenThrows(accountErrors.notRegistered);
    given([registered, { type: "AccountDeleted", data: { by: "admin" } }])
      .when({ type: "AssessLevel", levelId: 3, testId: 10, now: NOW })
      .thenThrows(accountErrors.deleted, "validation");
  });
});
