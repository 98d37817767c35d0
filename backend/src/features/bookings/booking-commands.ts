import type { Objective } from "@el/domain/accounts/account";
import { bookLessonWithTeacher } from "@el/domain/lessons/lesson-booking";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { schedulingOfLesson } from "@el/projections/lessons/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import {
  bookingOf,
  lessonAppends,
  newBookedLesson,
  objectiveOf,
  personOf,
  storedScheduling,
} from "../../shared/lesson-bookings";
import { type Caller, contextOf } from "../../shared/lesson-streams";

/**
 * A student books a teacher in one of the teacher's free slots: one append schedules the lesson, spends
 * the credit, accepts it with the teacher and reserves both sides' half hours, so a slot taken meanwhile
 * refuses it all and the credit stays. The availability is read with the rest: a change saved before the
 * booking's read is seen by it.
 */
export const bookLessonCommand = async (
  app: FastifyInstance,
  user: Caller,
  input: { teacherId: number; start: string; trailId: number; objective?: Objective; seriesId?: number },
  commandId?: string,
): Promise<SchedulingView> => {
  const { lessonId, trail, meetUrl } = await newBookedLesson(app, input.trailId, input.start);
  const booking = bookingOf({ id: lessonId, studentId: user.id, teacherId: input.teacherId, date: input.start });
  let scheduling: SchedulingView | null = null;
  const { result: booked } = await executeOnStates(
    app,
    booking.streams,
    (state) => {
      const decision = bookLessonWithTeacher(
        {
          type: "BookLessonWithTeacher",
          id: lessonId,
          student: personOf(user, state.student),
          teacherId: input.teacherId,
          trail,
          date: input.start,
          objective: objectiveOf(state.student, input.objective),
          meetUrl,
          ...(input.seriesId === undefined ? {} : { seriesId: input.seriesId }),
          now: app.clock.now(),
        },
        state,
      );
      scheduling = schedulingOfLesson(decision.lesson.reduce(lessonDecider.evolve, state.lesson));
      return { appends: lessonAppends(booking.touches, decision), result: lessonId };
    },
    // Answered from the decision: the read models catch up before this process's next read.
    { ...contextOf(user, commandId), waitForReadModels: false },
  );
  // A retried request answers the lesson its first run booked, not the one this run decided.
  return booked === lessonId && scheduling ? scheduling : storedScheduling(app, booked);
};
