import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import { userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../../testing/lesson-events";
import { projectionSpec } from "../../testing/projection-spec";
import { lessonSchedulingsProjector } from "./lesson-schedulings-projector";
import { teacherFinanceByMonth } from "./lesson-schedulings-queries";
import {
  findPayment,
  owedLessonsOfMonth,
  pagePayments,
  paymentsTotal,
  paymentView,
  teacherLessonsToPay,
  teachersOwed,
} from "./payments-queries";

const { lesson, scheduled, accepted, cancelled, paid } = lessonEvents({ cancelledBy: { by: 1, role: "admin" } });

const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };

const reportedNotHeld = (id: number) =>
  lesson(id, {
    type: "TeacherFeedbackGiven",
    data: {
      feedbackId: id + 6000,
      teacherId: bruno.id,
      skipped: false,
      status: 3,
      note: 4,
      information: "",
      sugestions: "s",
      productSugestions: "p",
      studentInformation: "i",
      partialyHeld: null,
      givenAt: "2026-03-10T12:00:00.000Z",
    },
  });
const unpaid = (id: number) =>
  lesson(id, {
    type: "LessonPaymentCancelled",
    data: { paymentId: id + 7000, by: "admin", at: "2026-04-02T12:00:00.000Z" },
  });

/** 10:00 in São Paulo on 2026-03-16; the 31st of March at 22:00 there is already April in UTC. */
const MARCH_16 = "2026-03-16T13:00:00.000Z";
const MARCH_31_LATE = "2026-04-01T01:00:00.000Z";
const APRIL_15 = "2026-04-15T13:00:00.000Z";
const NOW = new Date("2026-05-01T12:00:00.000Z");

/** A moment when every lesson of these specs is over. */
const AFTER_MARCH = new Date("2026-04-15T12:00:00Z");

describe("teacher payouts on the lesson-schedulings read model", () => {
  const spec = projectionSpec(lessonSchedulingsProjector);
  afterAll(() => spec.close());

  it("records a payment on its lesson and tells the lesson's teacher, live", () =>
    spec
      .given(scheduled(2001, MARCH_16), accepted(2001))
      .when(paid(2001))
      .then(async ({ sql, pushes }) => {
        expect(pushes).toEqual([
          { room: userRoom(bruno.id), event: "payment:changed", payload: { lessonId: 2001, paid: true } },
        ]);
        expect(await findPayment(sql, 9001)).toEqual({ lessonId: 2001, teacherId: bruno.id });
        expect((await teacherFinanceByMonth(sql, bruno.id, AFTER_MARCH)).map((month) => month.status)).toEqual([
          "paid",
        ]);
      }));

  it("forgets an undone payment and tells the teacher the lesson is pending again", () =>
    spec
      .given(scheduled(2001, MARCH_16), accepted(2001), paid(2001))
      .when(unpaid(2001))
      .then(async ({ sql, pushes }) => {
        expect(pushes).toEqual([
          { room: userRoom(bruno.id), event: "payment:changed", payload: { lessonId: 2001, paid: false } },
        ]);
        expect(await findPayment(sql, 9001)).toBeNull();
        expect((await pagePayments(sql, { page: 0, size: 10 })).total).toBe(0);
      }));

  it("lists payments latest lesson first, filtered by teacher and by the lesson's São Paulo month, and adds them up", () =>
    spec
      .given(
        scheduled(2001, MARCH_16),
        accepted(2001),
        scheduled(2002, MARCH_31_LATE),
        accepted(2002),
        scheduled(2003, APRIL_15),
        accepted(2003, carla),
        scheduled(2004, APRIL_15),
        accepted(2004),
      )
      .when(paid(2001), paid(2002, bruno, "2026-04-20T10:00:00.000Z"), paid(2003, carla))
      .then(async ({ sql }) => {
        const all = await pagePayments(sql, { page: 0, size: 10 });
        expect(all.total).toBe(3);
        expect(all.payments.map((payment) => payment.lesson.id)).toEqual([2003, 2002, 2001]);
        expect(all.payments[1]).toEqual({
          id: 9002,
          value: 25,
          valueCents: 25_00,
          date: "2026-04-20T10:00:00.000Z",
          lesson: { id: 2002, date: MARCH_31_LATE, trail: { id: 10, number: 1, title: "Hello" }, student: ana },
          teacher: bruno,
        });
        expect(await paymentView(sql, 9002)).toEqual(all.payments[1]);
        expect(await paymentView(sql, 9999)).toBeNull();
        const march = await pagePayments(sql, { page: 0, size: 10, teacherId: bruno.id, year: 2026, month: 3 });
        expect(march.payments.map((payment) => payment.id)).toEqual([9002, 9001]);
        expect((await pagePayments(sql, { page: 1, size: 2 })).payments.map((payment) => payment.id)).toEqual([9001]);
        expect(await paymentsTotal(sql, {})).toEqual({ count: 3, totalAmount: 75, totalAmountCents: 75_00 });
        expect(await paymentsTotal(sql, { teacherId: carla.id })).toEqual({
          count: 1,
          totalAmount: 25,
          totalAmountCents: 25_00,
        });
        expect(await paymentsTotal(sql, { year: 2026, month: 4 })).toEqual({
          count: 1,
          totalAmount: 25,
          totalAmountCents: 25_00,
        });
      }));

  it("owes a teacher the held lessons not paid: not the future, cancelled, reported-not-held or paid ones", () =>
    spec
      .given(
        scheduled(2001, MARCH_16),
        accepted(2001),
        paid(2001),
        scheduled(2002, MARCH_16),
        accepted(2002),
        cancelled(2002),
        scheduled(2003, MARCH_16),
        accepted(2003),
        reportedNotHeld(2003),
        scheduled(2004, "2026-05-01T12:30:00.000Z"),
        accepted(2004),
        scheduled(2005, APRIL_15),
        accepted(2005, carla),
      )
      .when(scheduled(2006, MARCH_31_LATE), accepted(2006))
      .then(async ({ sql }) => {
        expect(await teachersOwed(sql, [bruno.id, carla.id, 4242], NOW)).toEqual(new Set([bruno.id, carla.id]));
        expect(await owedLessonsOfMonth(sql, bruno.id, { year: 2026, month: 3 }, NOW)).toEqual([2006]);
        expect(await owedLessonsOfMonth(sql, bruno.id, { year: 2026, month: 4 }, NOW)).toEqual([]);
        expect(await teachersOwed(sql, [], NOW)).toEqual(new Set());
      }));

  it("is quits with a teacher once every held lesson is paid", () =>
    spec
      .given(scheduled(2001, MARCH_16), accepted(2001), scheduled(2002, "2026-05-02T13:00:00.000Z"), accepted(2002))
      .when(paid(2001))
      .then(async ({ sql }) => {
        expect(await teachersOwed(sql, [bruno.id], NOW)).toEqual(new Set());
        expect(await owedLessonsOfMonth(sql, bruno.id, { year: 2026, month: 3 }, NOW)).toEqual([]);
      }));

  it("lists the teacher's claimed lessons of a month with their payment and whether they may be paid", () =>
    spec
      .given(
        scheduled(2001, MARCH_16),
        accepted(2001),
        paid(2001),
        scheduled(2002, MARCH_31_LATE, { student: { id: 1009, firstName: "Bia", lastName: null } }),
        accepted(2002),
        scheduled(2003, MARCH_16),
        accepted(2003),
        reportedNotHeld(2003),
        scheduled(2004, MARCH_16),
        scheduled(2005, MARCH_16),
        accepted(2005),
        cancelled(2005),
      )
      .when(scheduled(2006, "2026-05-01T12:30:00.000Z"), accepted(2006))
      .then(async ({ sql }) => {
        const march = await teacherLessonsToPay(sql, bruno.id, { year: 2026, month: 3 }, NOW);
        expect(march.map((row) => [row.lessonId, row.payable, row.payment?.id ?? null])).toEqual([
          [2002, true, null],
          [2003, false, null],
          [2001, true, 9001],
        ]);
        expect(march[0]).toEqual({
          lessonId: 2002,
          startsAt: MARCH_31_LATE,
          date: "2026-03-31",
          time: "22:00",
          trail: { id: 10, number: 1, title: "Hello" },
          level: { id: 3, name: "Básico" },
          student: { id: 1009, firstName: "Bia", lastName: null },
          held: true,
          reportedNotHeld: false,
          payable: true,
          payment: null,
        });
        expect(march[2]?.payment).toEqual({ id: 9001, value: 25, valueCents: 25_00, date: "2026-04-01T12:00:00.000Z" });
        const may = await teacherLessonsToPay(sql, bruno.id, { year: 2026, month: 5 }, NOW);
        expect(may.map((row) => [row.lessonId, row.held, row.payable])).toEqual([[2006, false, false]]);
        expect(await teacherLessonsToPay(sql, bruno.id, {}, NOW)).toHaveLength(4);
      }));
});
