import { studentAccountDecider } from "@el/domain/accounts/student-account";
import { lessonStreams, startOf } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import { cancelLessonRefunding } from "@el/domain/lessons/lesson-decisions";
import { studentSlotDecider, studentSlotStreams, studentSlotsOfLesson } from "@el/domain/lessons/student-slot";
import { slotsOfLesson, teacherSlotDecider, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";

const lessonState = foldOf(lessonStreams, lessonDecider);
const teacherSlotState = foldOf(teacherSlotStreams, teacherSlotDecider);
const studentSlotState = foldOf(studentSlotStreams, studentSlotDecider);

/**
 * An erased student's lessons still to come will not take place: each one not started yet is cancelled
 * (`LessonCancelled` with role "erasure", no refund: the account is gone), so it leaves the teachers'
 * board, and a claimed one frees its teacher's hour, who is told as for any cancellation (push and
 * e-mail, without the student's name). Lessons that started already are history and stay. Answers how
 * many were cancelled.
 */
export const cancelLessonsOfErasedStudent = async (
  app: FastifyInstance,
  studentId: number,
  lessonIds: readonly number[],
  context: Pick<CommandContext, "userId" | "correlationId">,
) => {
  let cancelled = 0;
  for (const lessonId of lessonIds) {
    const { lesson: current } = await app.streamStates.read({ lesson: lessonState(lessonId) });
    const lesson = current.state;
    if (lesson.status !== "pending" && lesson.status !== "accepted") continue;
    if (lesson.scheduled.student.id !== studentId || startOf(lesson.scheduled) <= app.clock.now().getTime()) continue;
    const slots = lesson.teacher ? slotsOfLesson(lesson.teacher.id, lesson.scheduled.date) : [];
    const studentSlots = studentSlotsOfLesson(studentId, lesson.scheduled.date);
    const { result } = await executeOnStates(
      app,
      {
        lesson: lessonState(lessonId),
        slots: slots.map((slot) => teacherSlotState(slot)),
        studentSlots: studentSlots.map((slot) => studentSlotState(slot)),
      },
      (states) => {
        const decision = cancelLessonRefunding(
          { type: "CancelLesson", by: studentId, role: "erasure", now: app.clock.now() },
          {
            lesson: states.lesson,
            // Nothing is refunded: the account is not read.
            student: studentAccountDecider.initialState(),
            slots: states.slots,
            studentSlots: states.studentSlots,
          },
        );
        return {
          appends: [
            { streamId: lessonStreams.id(lessonId), events: decision.lesson },
            ...slots.map((slot, index) => ({
              streamId: teacherSlotStreams.id(slot),
              events: decision.slots[index] ?? [],
            })),
            ...studentSlots.map((slot, index) => ({
              streamId: studentSlotStreams.id(slot),
              events: decision.studentSlots[index] ?? [],
            })),
          ],
          result: decision.lesson.length > 0,
        };
      },
      context,
    );
    if (result) cancelled++;
  }
  return cancelled;
};
