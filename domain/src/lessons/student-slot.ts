import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { invalid } from "../shared/errors";
import { type EventOf, streamKind } from "../shared/streams";
import { lessonErrors } from "./lesson";
import { halfHoursOf } from "./teacher-slot";

/**
 * "A student cannot book two lessons at the same time", kept as the teachers' rule is (see
 * teacher-slot.ts): each scheduling also reserves the student's half-hour slots (stream
 * `student-slot-{studentId}-{instant}`) in the same append, a cancellation frees them and a move moves
 * them. Two schedulings racing for one half hour cannot both append to it: one is refused.
 */

/** One half hour of one student: `{ studentId: 11, startsAt: "2026-05-04T13:30Z" }`. */
export interface StudentSlotKey {
  studentId: number;
  startsAt: string;
}

/** The student's half hours the lesson starting at `date` covers. */
export const studentSlotsOfLesson = (studentId: number, date: string): StudentSlotKey[] =>
  halfHoursOf(date).map((startsAt) => ({ studentId, startsAt }));

export const studentSlotEventSchemas = {
  StudentSlotReserved: z.object({ studentId: z.number().int(), lessonId: z.number().int() }),
  StudentSlotReleased: z.object({ studentId: z.number().int(), lessonId: z.number().int() }),
};

export type StudentSlotEvent = EventOf<typeof studentSlotEventSchemas>;

/** `student-slot-{studentId}-{2026-05-04T13:30Z}`. */
export const studentSlotStreams = streamKind("student-slot", studentSlotEventSchemas, {
  format: (key: StudentSlotKey) => `${key.studentId}-${key.startsAt}`,
  parse: (text) => {
    const [, studentId, startsAt] = /^(\d+)-(\d{4}-\d\d-\d\dT\d\d:\d\dZ)$/.exec(text) ?? [];
    return studentId && startsAt ? { studentId: Number(studentId), startsAt } : undefined;
  },
});

export type ReserveStudentSlot = Command<"ReserveStudentSlot", { studentId: number; lessonId: number }>;
export type ReleaseStudentSlot = Command<"ReleaseStudentSlot", { studentId: number; lessonId: number }>;
export type StudentSlotCommand = ReserveStudentSlot | ReleaseStudentSlot;
export type StudentSlot = { status: "free" } | { status: "reserved"; lessonId: number };

export const studentSlotEventDefinitions = Object.entries(studentSlotEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

export const studentSlotDecider: Decider<StudentSlotCommand, StudentSlotEvent, StudentSlot> = {
  initialState: () => ({ status: "free" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "StudentSlotReserved":
        return { status: "reserved", lessonId: event.data.lessonId };
      case "StudentSlotReleased":
        return { status: "free" };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    const { studentId, lessonId } = command;
    switch (command.type) {
      case "ReserveStudentSlot":
        if (state.status === "reserved") {
          if (state.lessonId === lessonId) return [];
          throw invalid(lessonErrors.studentBusy, "date");
        }
        return [{ type: "StudentSlotReserved", data: { studentId, lessonId } }];
      case "ReleaseStudentSlot":
        if (state.status !== "reserved" || state.lessonId !== lessonId) return [];
        return [{ type: "StudentSlotReleased", data: { studentId, lessonId } }];
      default:
        return assertNever(command);
    }
  },
};

const keyText = (key: StudentSlotKey) => `${key.studentId}-${key.startsAt}`;

/**
 * The student's half hours a lesson holds after a change of time, from those it held before (`from`,
 * `to`: its start before and after, null for none): the ones it leaves are released, the ones it takes
 * reserved. `slots` holds the state of every key of both (by `{studentId}-{startsAt}`).
 */
export const moveStudentSlots = (
  lessonId: number,
  studentId: number,
  dates: { from: string | null; to: string | null },
  slots: ReadonlyMap<string, StudentSlot>,
): { key: StudentSlotKey; events: StudentSlotEvent[] }[] => {
  const before = dates.from === null ? [] : studentSlotsOfLesson(studentId, dates.from);
  const after = dates.to === null ? [] : studentSlotsOfLesson(studentId, dates.to);
  const kept = new Set(after.map(keyText));
  const stateOf = (key: StudentSlotKey) => slots.get(keyText(key)) ?? studentSlotDecider.initialState();
  const decide = (key: StudentSlotKey, type: StudentSlotCommand["type"]) => ({
    key,
    events: studentSlotDecider.decide({ type, studentId, lessonId }, stateOf(key)),
  });
  return [
    ...before.filter((key) => !kept.has(keyText(key))).map((key) => decide(key, "ReleaseStudentSlot")),
    ...after.map((key) => decide(key, "ReserveStudentSlot")),
  ];
};

/** The slots' states by the key `moveStudentSlots` looks them up with. */
export const studentSlotMap = (keys: StudentSlotKey[], states: StudentSlot[]) =>
  new Map(keys.map((key, index) => [keyText(key), states[index] ?? studentSlotDecider.initialState()]));
