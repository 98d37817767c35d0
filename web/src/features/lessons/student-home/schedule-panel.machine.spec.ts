import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type ScheduleAttempt, type SchedulePanelEvent, schedulePanelMachine } from "./schedule-panel.machine";

/** Tuesday 10 March 2026, 10:10 in São Paulo. */
const NOW = new Date("2026-03-10T13:10:00.000Z");

/** A deferred answer per lesson asked for, so each spec decides when and how the server answers. */
const given = (options: { levelId?: string; now?: () => Date } = {}) => {
  const sent: ScheduleAttempt[] = [];
  const answers: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let scheduled = 0;
  const machine = schedulePanelMachine.provide({
    actors: {
      schedule: fromPromise<unknown, ScheduleAttempt>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            sent.push(input);
            answers.push({ resolve: () => resolve({}), reject });
          }),
      ),
    },
    actions: { scheduled: () => void scheduled++ },
  });
  const actor = createActor(machine, {
    input: { now: options.now ?? (() => NOW), levelId: options.levelId ?? "1" },
  }).start();
  const when = (...events: SchedulePanelEvent[]) => {
    for (const event of events) actor.send(event);
    return actor.getSnapshot();
  };
  /** Lets the promise actor's answer reach the machine. */
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return actor.getSnapshot();
  };
  return { actor, when, sent, answers, settled, scheduledCount: () => scheduled };
};

const submitted = (changes: Partial<Extract<SchedulePanelEvent, { type: "schedule.submitted" }>> = {}) =>
  ({
    type: "schedule.submitted",
    levelId: "1",
    trailId: "11",
    objective: "TRAVEL",
    creditsLeft: true,
    ...changes,
  }) as const;

describe("the schedule panel's machine", () => {
  it("starts editing on the level it was given, no trail, and the next full half hour today", () => {
    const { actor } = given();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ form: "editing" })).toBe(true);
    expect(context).toMatchObject({ levelId: "1", trailId: "", date: "2026-03-10", time: "10:30", errors: {} });
    expect(context.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it("clears the trail when another level is chosen", () => {
    const { when } = given();
    const { context } = when({ type: "trail.chosen", trailId: "11" }, { type: "level.chosen", levelId: "2" });
    expect(context).toMatchObject({ levelId: "2", trailId: "" });
  });

  it("keeps the time on a new day while it is still ahead, and takes the day's first time otherwise", () => {
    const { when } = given();
    expect(when({ type: "date.chosen", date: "2026-03-11" }).context.time).toBe("10:30");
    when({ type: "time.chosen", time: "08:00" });
    expect(when({ type: "date.chosen", date: "2026-03-10" }).context.time).toBe("10:30");
    expect(when({ type: "date.chosen", date: "" }).context.time).toBe("");
  });

  it("names the empty fields and sends nothing", () => {
    const { when, sent } = given();
    const snapshot = when(submitted({ levelId: "", trailId: "" }));
    expect(snapshot.context.errors).toEqual({ level: "student.schedule.required", trail: "student.schedule.required" });
    expect(snapshot.matches({ form: "editing" })).toBe(true);
    expect(sent).toEqual([]);
  });

  it("tells a past day and a time gone by as such, not as required", () => {
    let now = NOW;
    const { when, sent } = given({ now: () => now });
    expect(when({ type: "date.chosen", date: "2026-03-09" }, submitted()).context.errors).toEqual({
      date: "student.schedule.pastDate",
    });
    when({ type: "date.chosen", date: "2026-03-10" });
    now = new Date("2026-03-10T13:45:00.000Z");
    expect(when(submitted()).context.errors).toEqual({ time: "student.schedule.pastTime" });
    expect(sent).toEqual([]);
  });

  it("sends nothing without credits, though the fields are complete", () => {
    const { when, sent } = given();
    const snapshot = when(submitted({ creditsLeft: false }));
    expect(snapshot.matches({ form: "editing" })).toBe(true);
    expect(snapshot.context.errors).toEqual({});
    expect(sent).toEqual([]);
  });

  it("asks for the lesson at the chosen São Paulo time, then says it was scheduled", async () => {
    const { when, sent, answers, settled, scheduledCount } = given();
    when({ type: "date.chosen", date: "2026-03-12" }, { type: "time.chosen", time: "19:30" });
    expect(when(submitted({ trailId: "12" })).matches({ form: "sending" })).toBe(true);
    expect(sent[0]?.request).toEqual({
      trail: { id: 12 },
      level: { id: 1 },
      date: "2026-03-12T19:30:00.000-03:00",
      objective: "TRAVEL",
    });

    answers[0]?.resolve();
    expect((await settled()).matches("done")).toBe(true);
    expect(scheduledCount()).toBe(1);
  });

  it("goes back to the form with the failure, and a retry keeps the key so the credit is spent once", async () => {
    const { when, sent, answers, settled, scheduledCount } = given();
    when(submitted());
    const lost = new TypeError("Failed to fetch");
    answers[0]?.reject(lost);
    const failed = await settled();
    expect(failed.matches({ form: "editing" })).toBe(true);
    expect(failed.context.failure).toBe(lost);
    expect(scheduledCount()).toBe(0);

    expect(when(submitted()).context.failure).toBeNull();
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
  });

  it("starts another lesson with a new key, the same level, no trail and the next slot", async () => {
    let now = NOW;
    const { when, sent, answers, settled } = given({ now: () => now });
    when({ type: "trail.chosen", trailId: "11" }, submitted());
    answers[0]?.resolve();
    await settled();

    now = new Date("2026-03-10T14:10:00.000Z");
    const again = when({ type: "schedule.restarted" });
    expect(again.matches({ form: "editing" })).toBe(true);
    expect(again.context).toMatchObject({ levelId: "1", trailId: "", date: "2026-03-10", time: "11:30", errors: {} });
    when(submitted());
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });
});
