import { studentAccountDecider, studentStreams } from "@el/domain/accounts/student-account";
import { teacherAccountDecider, teacherStreams } from "@el/domain/accounts/teacher-account";
import { levelDecider, levelStreams } from "@el/domain/catalog/level";
import { trailDecider, trailStreams } from "@el/domain/catalog/trail";
import { lessonStreams, type TrailInCatalog } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import {
  type StudentSlotEvent,
  type StudentSlotKey,
  studentSlotDecider,
  studentSlotStreams,
} from "@el/domain/lessons/student-slot";
import { teacherSlotDecider, teacherSlotStreams } from "@el/domain/lessons/teacher-slot";
import type { FastifyInstance } from "fastify";
import { createDerivedCache } from "../commands/derived-cache";
import type { StreamChanges } from "../commands/stream-changes";
import { foldOf } from "../commands/stream-states";
import type { CurrentUser } from "../plugins/auth";

/**
 * What every feature that books, schedules or cancels lessons reads and how it names its caller: the
 * lesson loop's streams folded with their deciders, the trail as the catalogue has it, and a command's
 * caller and context. The lessons, bookings, requests and series features share them from here.
 */

export const lessonState = foldOf(lessonStreams, lessonDecider);
export const studentState = foldOf(studentStreams, studentAccountDecider);
export const teacherState = foldOf(teacherStreams, teacherAccountDecider);
export const slotState = foldOf(teacherSlotStreams, teacherSlotDecider);
export const studentSlotState = foldOf(studentSlotStreams, studentSlotDecider);
const trailState = foldOf(trailStreams, trailDecider);
const levelState = foldOf(levelStreams, levelDecider);

/** Each of the student's slots' events, appended to its own stream. */
export const studentSlotAppends = (slots: StudentSlotKey[], events: StudentSlotEvent[][]) =>
  slots.map((slot, index) => ({ streamId: studentSlotStreams.id(slot), events: events[index] ?? [] }));

/**
 * Trails as the catalogue has them (null: none, or removed), with their level, folded from their streams
 * and kept until one of those changes: a scheduling does not read the catalogue each time.
 */
const trailsInCatalog = new WeakMap<StreamChanges, ReturnType<typeof createDerivedCache<TrailInCatalog | null>>>();
export const trailInCatalog = (app: FastifyInstance, trailId: number): Promise<TrailInCatalog | null> => {
  let trails = trailsInCatalog.get(app.streamChanges);
  if (!trails) {
    trails = createDerivedCache<TrailInCatalog | null>(app.streamChanges, {
      matters: (change) => trailStreams.holds(change.streamId) || levelStreams.holds(change.streamId),
      capacity: 10_000,
    });
    trailsInCatalog.set(app.streamChanges, trails);
  }
  return trails.get(String(trailId), async () => {
    const { trail } = await app.streamStates.read({ trail: trailState(trailId) });
    if (trail.state.status !== "published") return { value: null, streamIds: [trailStreams.id(trailId)] };
    const { number, title, levelId } = trail.state;
    const { level } = await app.streamStates.read({ level: levelState(levelId) });
    const streamIds = [trailStreams.id(trailId), levelStreams.id(levelId)];
    if (level.state.status === "absent") return { value: null, streamIds };
    const { name, status } = level.state;
    return {
      value: { id: trailId, number, title, level: { id: levelId, name, active: status === "active" } },
      streamIds,
    };
  });
};

/** Who sends a command, and the id of the request that carried it (recorded as the events' correlation id). */
export type Caller = CurrentUser & { requestId?: string };

/** The caller of a route: the signed-in user and the request's id. */
export const callerOf = (request: { currentUser: CurrentUser; id: string }): Caller => ({
  ...request.currentUser,
  requestId: request.id,
});

export const contextOf = (user: Caller, commandId?: string) => ({
  userId: String(user.id),
  commandId,
  correlationId: user.requestId,
});
