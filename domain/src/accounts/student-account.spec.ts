import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import {
  NO_CREDITS_LEFT,
  type StudentEvent,
  type StudentRegistered,
  studentAccountDecider,
  studentEventSchemas,
  studentLevelErrors,
  TRIAL_CREDITS,
  TRIAL_LEVEL_ID,
} from "./student-account";

const given = specFor(studentAccountDecider);

const registration: StudentRegistered = {
  id: 1001,
  login: "ana@example.com",
  email: "ana@example.com",
  firstName: "Ana",
  lastName: "Souza",
  phone: "(11)98765-4321",
  level: 1,
  objective: "TRAVEL",
  seen: "INSTAGRAM",
  langKey: "pt-br",
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  registeredAt: "2026-03-01T12:00:00.000Z",
};
const registered: StudentEvent = { type: "StudentRegistered", data: registration };
const granted = (amount: number): StudentEvent => ({ type: "CreditsGranted", data: { amount, grantedBy: "admin" } });
const spent = (lessonId: number): StudentEvent => ({ type: "CreditSpent", data: { lessonId, schedulingId: lessonId } });
const refunded = (lessonId: number): StudentEvent => ({
  type: "CreditRefunded",
  data: { lessonId, reason: "cancelled" },
});
const deactivated: StudentEvent = { type: "AccountDeactivated", data: { by: "admin" } };

describe("student account", () => {
  describe("registration", () => {
    it("registers a new student with the free trial lesson the landing page promises", () => {
      given([])
        .when({ type: "RegisterStudent", ...registration })
        .then([registered, { type: "TrialCreditsGranted", data: { amount: 1 } }]);
    });

    it("starts active with no credits, as a user and a student", () => {
      const state = stateFrom(studentAccountDecider, [registered]);
      expect(state.status).toBe("active");
      expect(state.balance).toBe(0);
      expect(state.status !== "unregistered" && state.account.authorities).toEqual(["ROLE_USER", "ROLE_STUDENT"]);
    });

    it("refuses to register the same account twice", () => {
      given([registered])
        .when({ type: "RegisterStudent", ...registration })
        .thenThrows(accountErrors.loginExists, "validation");
    });

    it("refuses the trial lessons' level ('Aula Experimental') as the student's English level", () => {
      given([])
        .when({ type: "RegisterStudent", ...registration, level: TRIAL_LEVEL_ID })
        .thenThrows(studentLevelErrors.trialLevel, "validation");
    });

    it("keeps no plain password in the event: the schema takes only argon2id hashes", () => {
      expect(studentEventSchemas.StudentRegistered.safeParse({ ...registration, passwordHash: "secret" }).success).toBe(
        false,
      );
    });
  });

  describe("granting credits", () => {
    it("adds the granted credits to the balance", () => {
      given([registered])
        .when({ type: "GrantCredits", amount: 4, grantedBy: "admin" })
        .then([granted(4)]);
      expect(stateFrom(studentAccountDecider, [registered, granted(4), granted(8)]).balance).toBe(12);
    });

    it("keeps the reason when one is given", () => {
      given([registered])
        .when({ type: "GrantCredits", amount: 1, grantedBy: "purchase-7", reason: "Pacote 1 aula" })
        .then([{ type: "CreditsGranted", data: { amount: 1, grantedBy: "purchase-7", reason: "Pacote 1 aula" } }]);
    });

    it.each([0, -3, 1.5])("refuses an amount of %s", (amount) => {
      given([registered])
        .when({ type: "GrantCredits", amount, grantedBy: "admin" })
        .thenThrows("error.credits.amount", "validation");
    });

    it("still grants to a suspended student, who keeps them for later", () => {
      given([registered, deactivated])
        .when({ type: "GrantCredits", amount: 2, grantedBy: "admin" })
        .then([granted(2)]);
    });

    it("refuses a student who does not exist", () => {
      given([])
        .when({ type: "GrantCredits", amount: 2, grantedBy: "admin" })
        .thenThrows(accountErrors.notRegistered, "not_found");
    });
  });

  describe("spending a credit", () => {
    it("spends one credit to schedule a lesson", () => {
      given([registered, granted(1)])
        .when({ type: "SpendCredit", lessonId: 5001, schedulingId: 5001, levelId: 1 })
        .then([spent(5001)]);
      expect(stateFrom(studentAccountDecider, [registered, granted(1), spent(5001)]).balance).toBe(0);
    });

    it("refuses with the spec's message when no credit is left", () => {
      given([registered])
        .when({ type: "SpendCredit", lessonId: 5001, schedulingId: 5001, levelId: 1 })
        .thenThrows(NO_CREDITS_LEFT);
      given([registered, granted(1), spent(5001)])
        .when({ type: "SpendCredit", lessonId: 5002, schedulingId: 5002, levelId: 1 })
        .thenThrows(NO_CREDITS_LEFT, "validation");
    });

    it("charges a retried scheduling of the same lesson once", () => {
      given([registered, granted(2), spent(5001)])
        .when({ type: "SpendCredit", lessonId: 5001, schedulingId: 5001, levelId: 1 })
        .then([]);
    });

    it("refuses a suspended student", () => {
      given([registered, granted(3), deactivated])
        .when({ type: "SpendCredit", lessonId: 5001, schedulingId: 5001, levelId: 1 })
        .thenThrows("error.account.inactive", "forbidden");
    });

    it("never lets the balance go below zero, whatever the order of grants and spends", () => {
      const history: StudentEvent[] = [registered];
      const commands = [1, 0, 0, 2, 0, 0, 0, 1, 0];
      let lessonId = 100;
      for (const grant of commands) {
        const command =
          grant > 0
            ? ({ type: "GrantCredits", amount: grant, grantedBy: "admin" } as const)
            : ({ type: "SpendCredit", lessonId: lessonId++, schedulingId: lessonId, levelId: 1 } as const);
        try {
          history.push(...studentAccountDecider.decide(command, stateFrom(studentAccountDecider, history)));
        } catch {
          // a refused spend stores nothing
        }
        expect(stateFrom(studentAccountDecider, history).balance).toBeGreaterThanOrEqual(0);
      }
      expect(stateFrom(studentAccountDecider, history).balance).toBe(0);
      expect(history.filter((event) => event.type === "CreditSpent")).toHaveLength(4);
    });
  });

  describe("refunding a credit", () => {
    it("gives back the credit of a cancelled lesson", () => {
      given([registered, granted(1), spent(5001)])
        .when({ type: "RefundCredit", lessonId: 5001, reason: "cancelled" })
        .then([refunded(5001)]);
      expect(stateFrom(studentAccountDecider, [registered, granted(1), spent(5001), refunded(5001)]).balance).toBe(1);
    });

    it("refunds a lesson once, however often it is asked", () => {
      given([registered, granted(1), spent(5001), refunded(5001)])
        .when({ type: "RefundCredit", lessonId: 5001, reason: "cancelled" })
        .then([]);
    });

    it("refuses to refund a lesson no credit was spent on", () => {
      given([registered, granted(1), spent(5001)])
        .when({ type: "RefundCredit", lessonId: 5002, reason: "cancelled" })
        .thenThrows("error.credits.notSpent", "validation");
    });

    it("lets the refunded credit schedule another lesson", () => {
      given([registered, granted(1), spent(5001), refunded(5001)])
        .when({ type: "SpendCredit", lessonId: 5002, schedulingId: 5002, levelId: 1 })
        .then([spent(5002)]);
    });
  });

  describe("the free trial lesson", () => {
    const trial: StudentEvent = { type: "TrialCreditsGranted", data: { amount: TRIAL_CREDITS } };
    const spentOnTrial = (lessonId: number): StudentEvent => ({
      type: "CreditSpent",
      data: { lessonId, schedulingId: lessonId, trial: true },
    });

    it("pays for a lesson of the trial level with the trial credit, and leaves the paid credits alone", () => {
      given([registered, trial, granted(2)])
        .when({ type: "SpendCredit", lessonId: 5001, schedulingId: 5001, levelId: TRIAL_LEVEL_ID })
        .then([spentOnTrial(5001)]);
      const after = stateFrom(studentAccountDecider, [registered, trial, granted(2), spentOnTrial(5001)]);
      expect([after.trialCredits, after.balance]).toEqual([0, 2]);
    });

    it("buys no lesson of another level: a student with only the trial credit is told to buy lessons", () => {
      given([registered, trial])
        .when({ type: "SpendCredit", lessonId: 5001, schedulingId: 5001, levelId: 1 })
        .thenThrows(NO_CREDITS_LEFT, "validation");
    });

    it("uses a paid credit for a second trial-level lesson once the trial is spent", () => {
      given([registered, trial, granted(1), spentOnTrial(5001)])
        .when({ type: "SpendCredit", lessonId: 5002, schedulingId: 5002, levelId: TRIAL_LEVEL_ID })
        .then([spent(5002)]);
    });

    it("comes back as a trial credit when the trial lesson is cancelled", () => {
      given([registered, trial, spentOnTrial(5001)])
        .when({ type: "RefundCredit", lessonId: 5001, reason: "cancelled" })
        .then([{ type: "CreditRefunded", data: { lessonId: 5001, reason: "cancelled", trial: true } }]);
      const refundedTrial: StudentEvent = {
        type: "CreditRefunded",
        data: { lessonId: 5001, reason: "cancelled", trial: true },
      };
      const after = stateFrom(studentAccountDecider, [registered, trial, spentOnTrial(5001), refundedTrial]);
      expect([after.trialCredits, after.balance]).toEqual([1, 0]);
    });
  });

  describe("taking credits back (a refunded purchase)", () => {
    it("removes credits the student still holds", () => {
      given([registered, granted(4)])
        .when({ type: "RevokeCredits", amount: 4, revokedBy: "purchase-7" })
        .then([{ type: "CreditsRevoked", data: { amount: 4, revokedBy: "purchase-7" } }]);
    });

    it("refuses when some of them were already spent on lessons", () => {
      given([registered, granted(4), spent(5001)])
        .when({ type: "RevokeCredits", amount: 4, revokedBy: "purchase-7" })
        .thenThrows("error.credits.alreadySpent", "conflict");
    });
  });

  describe("a long history", () => {
    const withLessons = (lessons: number): StudentEvent[] => [
      registered,
      granted(lessons + 1),
      ...Array.from({ length: lessons }, (_, index) => spent(10_000 + index)),
    ];
    it("folds twenty thousand lessons into the balance and the credits they hold", () => {
      const state = stateFrom(studentAccountDecider, withLessons(20_000));
      expect(state.balance).toBe(1);
      expect(state.status !== "unregistered" && state.credits.size).toBe(20_000);
    });

    it("spends nothing again on a lesson already paid for, among two thousand others", () => {
      given(withLessons(2_000))
        .when({ type: "SpendCredit", lessonId: 10_001, schedulingId: 10_001, levelId: 1 })
        .then([]);
    });
  });

  describe("a snapshot of the state", () => {
    const history: StudentEvent[] = [
      registered,
      { type: "TrialCreditsGranted", data: { amount: TRIAL_CREDITS } },
      granted(5),
      spent(7001),
      spent(7002),
      refunded(7001),
      spent(7003),
    ];
    /** The state as a snapshot stores it and a later process reads it back: through JSON text. */
    const roundTrip = (events: StudentEvent[]) => {
      const codec = studentAccountDecider.snapshot as NonNullable<typeof studentAccountDecider.snapshot>;
      return codec.decode(JSON.parse(JSON.stringify(codec.encode(stateFrom(studentAccountDecider, events)))));
    };

    it("decides after a round trip through JSON exactly as the state folded from every event", () => {
      const restored = roundTrip(history);
      expect(restored.balance).toBe(3);
      expect(restored.trialCredits).toBe(TRIAL_CREDITS);
      for (const [command, events] of [
        [{ type: "SpendCredit", lessonId: 7002, schedulingId: 7002, levelId: 1 }, []],
        [{ type: "SpendCredit", lessonId: 7004, schedulingId: 7004, levelId: 1 }, [spent(7004)]],
        [{ type: "RefundCredit", lessonId: 7001, reason: "cancelled" }, []],
        [{ type: "RefundCredit", lessonId: 7003, reason: "cancelled" }, [refunded(7003)]],
      ] as const) {
        const folded = stateFrom(studentAccountDecider, history);
        expect(studentAccountDecider.decide(command, restored)).toEqual(studentAccountDecider.decide(command, folded));
        expect(studentAccountDecider.decide(command, restored)).toEqual(events);
      }
    });

    it("keeps an unregistered student unregistered", () => {
      expect(roundTrip([])).toEqual(studentAccountDecider.initialState());
    });
  });

  describe("account commands", () => {
    it("are answered by the shared account rules, for example a deactivation", () => {
      given([registered]).when({ type: "SetActivated", activated: false, by: "admin" }).then([deactivated]);
      expect(stateFrom(studentAccountDecider, [registered, deactivated]).status).toBe("deactivated");
    });

    it("are refused for a student who does not exist", () => {
      given([])
        .when({ type: "SetActivated", activated: false, by: "admin" })
        .thenThrows(accountErrors.notRegistered, "not_found");
    });
  });
});
