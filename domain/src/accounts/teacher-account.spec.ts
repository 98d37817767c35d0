import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import { applicationErrors, type TeacherApplied, type TeacherEvent, teacherAccountDecider } from "./teacher-account";

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

  describe("reviewing an application", () => {
    const now = new Date("2026-03-03T10:00:00.000Z");
    const rejected: TeacherEvent = {
      type: "TeacherRejected",
      data: { by: "admin", reason: "Precisamos de experiência com adultos", at: now.toISOString() },
    };

    it("turns a pending application down with the reason, trimmed", () => {
      given([applied])
        .when({ type: "RejectApplication", by: "admin", reason: "  Precisamos de experiência com adultos ", now })
        .then([rejected]);
      const state = stateFrom(teacherAccountDecider, [applied, rejected]);
      expect(state.status !== "unregistered" && state.rejected).toEqual({
        reason: "Precisamos de experiência com adultos",
        at: now.toISOString(),
      });
    });

    it("needs a reason, and refuses to turn down what is not pending", () => {
      given([applied])
        .when({ type: "RejectApplication", by: "admin", reason: "   ", now })
        .thenThrows(applicationErrors.reason, "validation");
      given([applied, accepted])
        .when({ type: "RejectApplication", by: "admin", reason: "Não", now })
        .thenThrows(applicationErrors.notPending, "conflict");
      given([applied, rejected])
        .when({ type: "RejectApplication", by: "admin", reason: "De novo", now })
        .thenThrows(applicationErrors.notPending, "conflict");
    });

    it("still lets an administrator accept a turned-down application, which clears the refusal", () => {
      given([applied, rejected]).when({ type: "SetActivated", activated: true, by: "admin" }).then([accepted]);
      const state = stateFrom(teacherAccountDecider, [applied, rejected, accepted]);
      expect(state.status).toBe("active");
      expect(state.status !== "unregistered" && state.rejected).toBeUndefined();
    });
  });
});
