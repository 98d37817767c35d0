import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict } from "../shared/errors";
import { type EventOf, streamKind } from "../shared/streams";
import { LESSON_DURATION_MS, lessonErrors } from "./lesson";

/**
 * "A teacher cannot hold two lessons at the same time" spans lesson streams, so each claim also reserves
 * the teacher's half-hour slots (stream `teacher-slot-{teacherId}-{instant}`) in the same append. Lessons
 * start on :00 or :30 and last an hour, so a lesson occupies two half-hour slots: 10:00 and 10:30 clash
 * (they share 10:30), 10:00 and 11:00 do not. Two claims racing for one slot cannot both append to it.
 */
const HALF_HOUR_MS = 30 * 60 * 1000;

/** One half hour of one teacher: `{ teacherId: 21, startsAt: "2026-05-04T13:30Z" }`. */
export interface TeacherSlotKey {
  teacherId: number;
  startsAt: string;
}

/** The half hours (`2026-05-04T13:30Z`) the lesson starting at `date` covers; none for a date that is not one. */
export const halfHoursOf = (date: string): string[] => {
  const start = Date.parse(date);
  const halfHours: string[] = [];
  for (let at = start; at < start + LESSON_DURATION_MS; at += HALF_HOUR_MS)
    halfHours.push(`${new Date(at).toISOString().slice(0, 16)}Z`);
  return halfHours;
};

/** The teacher's half hours the lesson starting at `date` covers. */
export const slotsOfLesson = (teacherId: number, date: string): TeacherSlotKey[] =>
  halfHoursOf(date).map((startsAt) => ({ teacherId, startsAt }));

export const teacherSlotEventSchemas = {
  TeacherSlotReserved: z.object({ teacherId: z.number().int(), lessonId: z.number().int() }),
  TeacherSlotReleased: z.object({ teacherId: z.number().int(), lessonId: z.number().int() }),
};

export type TeacherSlotEvent = EventOf<typeof teacherSlotEventSchemas>;

/** `teacher-slot-{teacherId}-{2026-05-04T13:30Z}`. */
export const teacherSlotStreams = streamKind("teacher-slot", teacherSlotEventSchemas, {
  format: (key: TeacherSlotKey) => `${key.teacherId}-${key.startsAt}`,
  parse: (text) => {
    const [, teacherId, startsAt] = /^(\d+)-(\d{4}-\d\d-\d\dT\d\d:\d\dZ)$/.exec(text) ?? [];
    return teacherId && startsAt ? { teacherId: Number(teacherId), startsAt } : undefined;
  },
});

export type ReserveSlot = Command<"ReserveSlot", { teacherId: number; lessonId: number }>;
export type ReleaseSlot = Command<"ReleaseSlot", { teacherId: number; lessonId: number }>;
export type TeacherSlotCommand = ReserveSlot | ReleaseSlot;
export type TeacherSlot = { status: "free" } | { status: "reserved"; lessonId: number };

export const teacherSlotEventDefinitions = Object.entries(teacherSlotEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export const reserveSlot = ({ teacherId, lessonId }: ReserveSlot, state: TeacherSlot): TeacherSlotEvent[] => {
  if (state.status === "reserved") {
    if (state.lessonId === lessonId) return [];
    throw conflict(lessonErrors.teacherBusy);
  }
  return [{ type: "TeacherSlotReserved", data: { teacherId, lessonId } }];
};

export const releaseSlot = ({ teacherId, lessonId }: ReleaseSlot, state: TeacherSlot): TeacherSlotEvent[] => {
  if (state.status !== "reserved" || state.lessonId !== lessonId) return [];
  return [{ type: "TeacherSlotReleased", data: { teacherId, lessonId } }];
};

export const teacherSlotDecider: Decider<TeacherSlotCommand, TeacherSlotEvent, TeacherSlot> = {
  initialState: () => ({ status: "free" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "TeacherSlotReserved":
        return { status: "reserved", lessonId: event.data.lessonId };
      case "TeacherSlotReleased":
        return { status: "free" };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "ReserveSlot":
        return reserveSlot(command, state);
      case "ReleaseSlot":
        return releaseSlot(command, state);
      default:
        return assertNever(command);
    }
  },
};
