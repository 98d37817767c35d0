import { invalid, notFound } from "../shared/errors";
import {
  type CancelLessonPayment,
  existingLesson,
  type Lesson,
  type LessonEvent,
  lessonErrors,
  type PayLesson,
  payableLesson,
  TEACHER_PAYMENT_CENTS,
} from "./lesson";

/** Paying the teacher for a lesson that took place, and undoing it. */

/** An administrator records PAYMENT_VALUE paid to the lesson's teacher, once, for a lesson that took place. */
export const payLesson = (command: PayLesson, state: Lesson): LessonEvent[] => {
  const lesson = payableLesson(state, command.now);
  if (command.teacherId !== null && command.teacherId !== lesson.teacher.id) throw invalid(lessonErrors.notTheTeacher);
  // Paid once: a second mark (another administrator, a retry) finds it paid and adds nothing.
  if (lesson.payment !== null) return [];
  return [
    {
      type: "LessonPaid",
      data: {
        paymentId: command.paymentId,
        valueCents: TEACHER_PAYMENT_CENTS,
        teacherId: lesson.teacher.id,
        by: command.by,
        at: command.now.toISOString(),
      },
    },
  ];
};

/** An administrator undoes the payment the lesson has: it is owed again. */
export const cancelLessonPayment = (command: CancelLessonPayment, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  if (lesson.payment === null) throw notFound(lessonErrors.notPaid);
  // An older payment of this lesson, already undone, is not the one it has now.
  if (lesson.payment.id !== command.paymentId) throw notFound(lessonErrors.paymentNotFound);
  return [
    {
      type: "LessonPaymentCancelled",
      data: { paymentId: lesson.payment.id, by: command.by, at: command.now.toISOString() },
    },
  ];
};
