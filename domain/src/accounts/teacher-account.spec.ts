import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import { type TeacherApplied, type TeacherEvent, teacherAccountDecider } from "./teacher-account";

const given = specFor(teacherAccountDecider);
const application: TeacherApplied = {
  id: 2001,
  login: "paulo@example.com",
  email: "paulo@example.com",
  firstName: "Paulo",
  lastName: null,
  phone: "(21)99999-0000",
  experience: "Cinco anos de aulas de inglês",
  langKey: "pt-br",
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  appliedAt: "2026-03-01T12:00:00.000Z",
};
const applied: TeacherEvent = { type: "TeacherApplied", data: application };
const accepted: TeacherEvent = { type: "TeacherAccepted", data: { by: "admin" } };
const signIn = {
  type: "SignIn",
  passwordVerified: true,
  ip: "10.0.0.9",
  now: new Date("2026-03-02T10:00:00Z"),
  addressFailures: { count: 0 },
} as const;

describe("teacher account", () => {
  it("records an application, not yet allowed to sign in", () => {
    given([])
      .when({ type: "ApplyAsTeacher", ...application })
      .then([applied]);
    const state = stateFrom(teacherAccountDecider, [applied]);
    expect(state.status).toBe("applied");
    expect(state.status !== "unregistered" && state.account.authorities).toEqual(["ROLE_USER", "ROLE_TEACHER"]);
    given([applied])
      .when(signIn)
      .then([
        {
          type: "SignInFailed",
          data: { login: "paulo@example.com", ip: "10.0.0.9", at: signIn.now.toISOString(), reason: "not_activated" },
        },
      ]);
  });

  it("refuses a second application on the same account", () => {
    given([applied])
      .when({ type: "ApplyAsTeacher", ...application })
      .thenThrows(accountErrors.loginExists, "validation");
  });

  it("is accepted when an administrator activates the application, and may then sign in", () => {
    given([applied]).when({ type: "SetActivated", activated: true, by: "admin" }).then([accepted]);
    expect(stateFrom(teacherAccountDecider, [applied, accepted]).status).toBe("active");
    given([applied, accepted])
      .when(signIn)
      .then([{ type: "SignedIn", data: { login: "paulo@example.com", ip: "10.0.0.9", at: signIn.now.toISOString() } }]);
  });

  it("is suspended and restored like any account once accepted", () => {
    given([applied, accepted])
      .when({ type: "SetActivated", activated: false, by: "admin" })
      .then([{ type: "AccountDeactivated", data: { by: "admin" } }]);
    const suspended: TeacherEvent[] = [applied, accepted, { type: "AccountDeactivated", data: { by: "admin" } }];
    expect(stateFrom(teacherAccountDecider, suspended).status).toBe("deactivated");
    given(suspended)
      .when({ type: "SetActivated", activated: true, by: "admin" })
      .then([{ type: "AccountActivated", data: { by: "admin" } }]);
  });

  it("leaves a pending application as it is when asked to deactivate it", () => {
    given([applied]).when({ type: "SetActivated", activated: false, by: "admin" }).then([]);
  });
});
