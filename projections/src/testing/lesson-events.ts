import { type LessonEvent, type LessonEventData, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { on } from "./projection-spec";

/** The student and the teacher lesson specs schedule and teach with, unless they name others. */
export const ana: PersonSnapshot = { id: 1001, firstName: "Ana", lastName: "Souza" };
export const bruno: PersonSnapshot = { id: 1002, firstName: "Bruno", lastName: "Lima" };

/** When a spec's lessons were scheduled, accepted, cancelled and paid, and who cancels them. */
export interface LessonTimes {
  createdDate: string;
  acceptedAt: string;
  cancelledAt: string;
  paidAt: string;
  cancelledBy: { by: number; role: "student" | "admin" };
}

const MARCH_1: LessonTimes = {
  createdDate: "2026-03-01T12:00:00.000Z",
  acceptedAt: "2026-03-01T13:00:00.000Z",
  cancelledAt: "2026-03-01T14:00:00.000Z",
  paidAt: "2026-04-01T12:00:00.000Z",
  cancelledBy: { by: ana.id, role: "student" },
};

/**
 * Builders of the lesson events projection specs give and send: each is an event on its lesson's stream,
 * Ana's lesson on trail 1 of level 3, taught by Bruno, at `times` (default: scheduled, accepted and
 * cancelled on the 1st of March 2026, paid on the 1st of April).
 */
export const lessonEvents = (times: Partial<LessonTimes> = {}) => {
  const at = { ...MARCH_1, ...times };
  const lesson = (id: number, event: LessonEvent) => on(lessonStreams.id(id), event);
  return {
    lesson,
    scheduled: (id: number, date: string, fields: Partial<LessonEventData<"LessonScheduled">> = {}) =>
      lesson(id, {
        type: "LessonScheduled",
        data: {
          id,
          student: ana,
          trail: { id: 10, number: 1, title: "Hello" },
          level: { id: 3, name: "Básico" },
          date,
          objective: "TRAVEL",
          createdDate: at.createdDate,
          ...fields,
        },
      }),
    accepted: (id: number, teacher = bruno) =>
      lesson(id, {
        type: "LessonAccepted",
        data: { teacher, meetUrl: `https://meet.jit.si/lesson-${id}`, acceptedAt: at.acceptedAt },
      }),
    cancelled: (id: number) =>
      lesson(id, { type: "LessonCancelled", data: { ...at.cancelledBy, refunded: true, at: at.cancelledAt } }),
    paid: (id: number, teacher = bruno, paidAt = at.paidAt) =>
      lesson(id, {
        type: "LessonPaid",
        data: { paymentId: id + 7000, valueCents: 25_00, teacherId: teacher.id, by: "admin", at: paidAt },
      }),
  };
};
