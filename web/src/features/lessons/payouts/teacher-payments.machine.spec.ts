import type { MonthPaidView, TeacherLessonPaymentView } from "@el/domain/lessons/payment-view";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { type Period, teacherPaymentsMachine } from "./teacher-payments.machine";

const lesson = (lessonId: number, state: { payable?: boolean; paymentId?: number } = {}): TeacherLessonPaymentView => ({
  lessonId,
  startsAt: "2026-06-10T13:00:00.000Z",
  date: "2026-06-10",
  time: "10:00",
  trail: { id: 1, number: 1, title: "Hello" },
  level: { id: 1, name: "Básico" },
  student: { id: 5, firstName: "Ana", lastName: null },
  held: state.payable ?? true,
  reportedNotHeld: false,
  payable: state.payable ?? true,
  payment: state.paymentId
    ? { id: state.paymentId, value: 25, valueCents: 2500, date: "2026-06-11T12:00:00.000Z" }
    : null,
});

/** The machine with its HTTP actors replaced by the answers a test gives, recording what they were asked. */
const start = (answers: { lessons: (period: Period) => TeacherLessonPaymentView[] }) => {
  const asked: string[] = [];
  const machine = teacherPaymentsMachine.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { login: string; period: Period } }) => {
        asked.push(`load ${input.period.year}-${input.period.month}`);
        return answers.lessons(input.period);
      }),
      pay: fromPromise(async ({ input }: { input: { login: string; lessonId: number } }) => {
        asked.push(`pay ${input.lessonId} for ${input.login}`);
        return { id: 700 + input.lessonId, value: 25, valueCents: 2500, date: "2026-06-25T12:00:00.000Z" };
      }),
      unpay: fromPromise(async ({ input }: { input: { login: string; paymentId: number } }) => {
        asked.push(`unpay ${input.paymentId}`);
      }),
      payMonth: fromPromise<MonthPaidView, { login: string; period: Period }>(async ({ input }) => {
        asked.push(`pay month ${input.period.year}-${input.period.month}`);
        return { paid: 1, payments: [] };
      }),
    },
  });
  const actor = createActor(machine, { input: { login: "marcia@example.com", period: { year: 2026, month: 6 } } });
  actor.start();
  const idle = () => waitFor(actor, (state) => state.matches({ ready: "idle" }));
  return { actor, asked, idle };
};

describe("teacher payments machine", () => {
  it("pays an owed lesson and undoes a paid one, changing only that row", async () => {
    const { actor, asked, idle } = start({ lessons: () => [lesson(1), lesson(2, { paymentId: 900 })] });
    await idle();
    actor.send({ type: "lesson.paid", lessonId: 1 });
    await idle();
    actor.send({ type: "lesson.unpaid", lessonId: 2 });
    await idle();
    expect(asked).toEqual(["load 2026-6", "pay 1 for marcia@example.com", "unpay 900"]);
    expect(actor.getSnapshot().context.lessons.map((row) => row.payment?.id ?? null)).toEqual([701, null]);
  });

  it("sends nothing for a lesson that may not be paid, one already paid, or a month with nothing owed", async () => {
    const { actor, asked, idle } = start({
      lessons: () => [lesson(1, { payable: false }), lesson(2, { paymentId: 900 })],
    });
    await idle();
    actor.send({ type: "lesson.paid", lessonId: 1 });
    actor.send({ type: "lesson.paid", lessonId: 2 });
    actor.send({ type: "lesson.unpaid", lessonId: 1 });
    actor.send({ type: "month.paid" });
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true);
    expect(asked).toEqual(["load 2026-6"]);
  });

  it("asks before paying the month: kept, nothing is sent", async () => {
    const { actor, asked, idle } = start({ lessons: () => [lesson(1)] });
    await idle();
    actor.send({ type: "month.paid" });
    expect(actor.getSnapshot().matches({ ready: "confirmingMonth" })).toBe(true);
    actor.send({ type: "month.kept" });
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true);
    expect(asked).toEqual(["load 2026-6"]);
  });

  it("reads the month again after paying it, and reads the month chosen", async () => {
    const { actor, asked, idle } = start({ lessons: () => [lesson(1)] });
    await idle();
    actor.send({ type: "month.paid" });
    actor.send({ type: "month.confirmed" });
    await waitFor(actor, () => asked.length === 3);
    await idle();
    actor.send({ type: "period.chosen", period: { year: 2025, month: 12 } });
    await waitFor(actor, () => asked.length === 4);
    expect(asked).toEqual(["load 2026-6", "pay month 2026-6", "load 2026-6", "load 2025-12"]);
  });
});
