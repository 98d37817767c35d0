import { z } from "zod";
import type { Decider } from "../shared/decider";
import { conflict } from "../shared/errors";
import { LESSON_DURATION_MS, lessonErrors } from "./lesson";

/**
 * "A teacher cannot hold two lessons at the same time" spans lesson streams, so each claim also reserves
 * the teacher's half-hour slots (stream `teacher-slot-{teacherId}-{instant}`) in the same append. Lessons
 * start on :00 or :30 and last an hour, so a lesson occupies two half-hour slots: 10:00 and 10:30 clash
 * (they share 10:30), 10:00 and 11:00 do not. Two claims racing for one slot cannot both append to it.
 */
const HALF_HOUR_MS = 30 * 60 * 1000;

/** `2026-05-04T13:30Z` for every half hour the lesson starting at `date` covers. */
export const teacherSlotStreamIds = (teacherId: number, date: string) => {
  const start = Date.parse(date);
  const slots: string[] = [];
  for (let at = start; at < start + LESSON_DURATION_MS; at += HALF_HOUR_MS)
    slots.push(`teacher-slot-${teacherId}-${new Date(at).toISOString().slice(0, 16)}Z`);
  return slots;
};

export const teacherSlotEventSchemas = {
  TeacherSlotReserved: z.object({ teacherId: z.number().int(), lessonId: z.number().int() }),
  TeacherSlotReleased: z.object({ teacherId: z.number().int(), lessonId: z.number().int() }),
};

type Schemas = typeof teacherSlotEventSchemas;
export type TeacherSlotEvent = { [Type in keyof Schemas]: { type: Type; data: z.infer<Schemas[Type]> } }[keyof Schemas];
export type TeacherSlotCommand =
  | { type: "ReserveSlot"; teacherId: number; lessonId: number }
  | { type: "ReleaseSlot"; teacherId: number; lessonId: number };
export type TeacherSlot = { status: "free" } | { status: "reserved"; lessonId: number };

export const teacherSlotEventDefinitions = Object.entries(teacherSlotEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export const teacherSlotDecider: Decider<TeacherSlotCommand, TeacherSlotEvent, TeacherSlot> = {
  initialState: () => ({ status: "free" }),
  evolve: (_state, event) =>
    event.type === "TeacherSlotReserved" ? { status: "reserved", lessonId: event.data.lessonId } : { status: "free" },
  decide: (command, state) => {
    const { teacherId, lessonId } = command;
    switch (command.type) {
      case "ReserveSlot":
        if (state.status === "reserved") {
          if (state.lessonId === lessonId) return [];
          throw conflict(lessonErrors.teacherBusy);
        }
        return [{ type: "TeacherSlotReserved", data: { teacherId, lessonId } }];
      case "ReleaseSlot":
        if (state.status !== "reserved" || state.lessonId !== lessonId) return [];
        return [{ type: "TeacherSlotReleased", data: { teacherId, lessonId } }];
      default:
        return assertNever(command);
    }
  },
};

const assertNever = (command: never): never => {
  throw new Error(`Unhandled command ${JSON.stringify(command)}`);
};
