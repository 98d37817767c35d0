import { describe, expect, it } from "vitest";
import type { StudentRegistered } from "../accounts/student-account";
import type { RecordedEvent } from "../shared/events";
import { HIDDEN, streamHistory } from "./stream-history";

const registration: StudentRegistered = {
  id: 1001,
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
};

let version = 0;
/** A stored event of `student-1001`, recorded at `at`. */
const recorded = (type: string, data: unknown, at: string): RecordedEvent => ({
  transactionId: BigInt(++version),
  globalPosition: BigInt(version),
  streamId: "student-1001",
  streamVersion: version,
  type,
  schemaVersion: 1,
  data,
  metadata: { occurredAt: at },
  eventId: `event-${version}`,
  recordedAt: new Date(at),
});

const history = [
  recorded("StudentRegistered", registration, "2026-03-01T12:00:00.000Z"),
  recorded("CreditsGranted", { amount: 4, grantedBy: "purchase-7", reason: "purchase" }, "2026-03-02T10:00:00.000Z"),
  recorded("CreditSpent", { lessonId: 50, schedulingId: 50 }, "2026-03-03T16:00:00.000Z"),
  recorded("CreditSpent", { lessonId: 51, schedulingId: 51 }, "2026-03-04T09:00:00.000Z"),
];
const balanceOf = (state: unknown) => (state as { balance: number }).balance;

describe("a stream's state at a moment", () => {
  it("given a student's events, the balance on 3 March at 14:00 is the grant's, made by the two events before it", () => {
    const at = streamHistory("student-1001", history, new Date("2026-03-03T17:00:00.000Z"));
    const atTwo = streamHistory("student-1001", history, new Date("2026-03-03T14:00:00.000Z"));
    expect(atTwo.kind).toBe("student");
    expect(balanceOf(atTwo.state)).toBe(4);
    expect(atTwo.steps.map((step) => step.event.type)).toEqual(["StudentRegistered", "CreditsGranted"]);
    expect(balanceOf(at.state)).toBe(3);
  });

  it("given every event, shows the state after each one and ends on today's", () => {
    const { steps, state } = streamHistory("student-1001", history);
    expect(steps.map((step) => balanceOf(step.stateAfter))).toEqual([0, 4, 3, 2]);
    expect(balanceOf(state)).toBe(2);
    // The lessons the credits went to, as JSON carries them (the decider keeps them in a persistent map).
    expect((state as { credits: unknown }).credits).toEqual({ 50: "spent", 51: "spent" });
  });

  it("given a registration, shows the state without the password's hash", () => {
    const { state, steps } = streamHistory("student-1001", history);
    expect(JSON.stringify([state, steps.map((step) => step.stateAfter)])).not.toContain("argon2id");
    expect(state).toMatchObject({ account: { passwordHash: HIDDEN } });
  });

  it("given an instant before the first event, answers the initial state and no events", () => {
    const { steps, state } = streamHistory("student-1001", history, new Date("2026-02-01T00:00:00.000Z"));
    expect(steps).toEqual([]);
    expect(state).toEqual({ status: "unregistered", balance: 0, trialCredits: 0 });
  });

  it("given a weekly series' events, folds them with the series' decider (not the lesson's)", () => {
    const created = {
      id: 5,
      student: { id: 1001, firstName: "Ana", lastName: "Souza" },
      teacher: { id: 21, firstName: "Bia", lastName: null },
      trail: { id: 3, number: 1, title: "Greetings" },
      start: "2026-03-10T19:00:00-03:00",
      weeks: 2,
      at: "2026-03-02T10:00:00.000Z",
    };
    const events = [recorded("LessonSeriesCreated", created, "2026-03-02T10:00:00.000Z")].map((event) => ({
      ...event,
      streamId: "lesson-series-5",
    }));
    const { kind, state } = streamHistory("lesson-series-5", events);
    expect(kind).toBe("lesson-series");
    expect(state).toMatchObject({
      status: "ACTIVE",
      dates: ["2026-03-10T19:00:00-03:00", "2026-03-17T19:00:00-03:00"],
    });
  });

  it("given a stream of a kind without a decider, counts its events", () => {
    const attempts = history.slice(0, 2).map((event) => ({ ...event, streamId: "unknown-sign-ins-2026-03-01" }));
    const { kind, state } = streamHistory("unknown-sign-ins-2026-03-01", attempts);
    expect(kind).toBe("events");
    expect(state).toEqual({ events: 2 });
  });
});
