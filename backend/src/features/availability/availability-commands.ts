import { conflict } from "@el/domain";
import {
  availabilityDecider,
  availabilityStreams,
  normalizeAvailability,
  type TeacherAvailability,
  takeDaysOff,
} from "@el/domain/directory/availability";
import {
  type AvailabilityBody,
  AvailabilityBody as AvailabilityBodySchema,
} from "@el/domain/directory/directory-contracts";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { slotsHeldBy } from "@el/domain/lessons/lesson-decisions";
import { type TeacherSlot, type TeacherSlotKey, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import { acceptedLessonsOnDays } from "@el/projections/availability/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
import { type Caller, contextOf, lessonState, slotState } from "../../shared/lesson-streams";

const availabilityState = foldOf(availabilityStreams, availabilityDecider);
const slotKeyOf = (key: TeacherSlotKey) => `${key.teacherId}-${key.startsAt}`;

/**
 * Saves a teacher's availability (by the teacher or an administrator, `caller`). New days off that hold
 * lessons the teacher accepted are refused with those lessons (409) unless `confirm`; confirmed, one append
 * stores the change, gives each lesson back to the board and frees the teacher's half hours. Which lessons
 * to read comes from the lessons' read model; their streams decide, and a lesson that moved or changed
 * teacher meanwhile is read again. Answers the availability as stored.
 */
export const changeAvailabilityCommand = async (
  app: FastifyInstance,
  caller: Caller,
  teacherId: number,
  input: AvailabilityBody,
): Promise<TeacherAvailability> => {
  const body = AvailabilityBodySchema.parse(input);
  // Checked before any read: a window off the grid is a 400 whatever the lessons.
  const wanted = normalizeAvailability(body);
  const lessonIds = await acceptedLessonsOnDays(app.db, teacherId, wanted.daysOff, app.clock.now());
  const readLessons = async () =>
    lessonIds.length === 0
      ? []
      : (await app.streamStates.read({ lessons: lessonIds.map((id) => lessonState(id)) })).lessons.map(
          (read) => read.state,
        );
  for (let lessons = await readLessons(), attempt = 0; attempt < 5; attempt++, lessons = await readLessons()) {
    const keys = lessons.flatMap(slotsHeldBy);
    const known = new Set(keys.map(slotKeyOf));
    const { result } = await executeOnStates(
      app,
      {
        availability: availabilityState(teacherId),
        lessons: lessonIds.map((id) => lessonState(id)),
        slots: keys.map((key) => slotState(key)),
      },
      (states) => {
        if (states.lessons.flatMap(slotsHeldBy).some((key) => !known.has(slotKeyOf(key))))
          return { appends: [], result: null };
        const slots = new Map<string, TeacherSlot>(
          keys.map((key, index) => [slotKeyOf(key), states.slots[index] as TeacherSlot]),
        );
        const decision = takeDaysOff(
          { type: "TakeDaysOff", ...body, teacherId, by: caller.id, now: app.clock.now() },
          { availability: states.availability, lessons: states.lessons.map((lesson) => ({ lesson, slots })) },
        );
        return {
          appends: [
            { streamId: availabilityStreams.id(teacherId), events: decision.availability },
            ...decision.lessons.flatMap((freed) => [
              { streamId: lessonStreams.id(freed.lessonId), events: freed.lesson },
              ...freed.slots.map(({ key, events }) => ({ streamId: teacherSlotStreams.id(key), events })),
            ]),
          ],
          result: decision.availability.reduce(availabilityDecider.evolve, states.availability),
        };
      },
      contextOf(caller),
    );
    if (result) return result;
  }
  throw conflict();
};
