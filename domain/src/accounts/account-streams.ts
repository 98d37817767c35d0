import type { RecordedEvent } from "../shared/events";
import type { RecordedOf } from "../shared/streams";
import { type AdminEvent, adminStreams } from "./admin-account";
import { type StudentEvent, studentStreams } from "./student-account";
import { type TeacherEvent, teacherStreams } from "./teacher-account";

/** An event of any account stream (`student-{id}`, `teacher-{id}`, `admin-{login}`): each holds the shared account events. */
export type AccountStreamEvent = StudentEvent | TeacherEvent | AdminEvent;

/**
 * A stored event of an account stream, typed by its `type` as its kind's `event` reads it: what a read
 * model of every account (users, audits, reset keys) folds. Throws on a stream of any other kind.
 */
export const accountStreamEvent = (recorded: RecordedEvent): RecordedOf<AccountStreamEvent> => {
  if (studentStreams.holds(recorded.streamId)) return studentStreams.event(recorded);
  if (teacherStreams.holds(recorded.streamId)) return teacherStreams.event(recorded);
  if (adminStreams.holds(recorded.streamId)) return adminStreams.event(recorded);
  throw new Error(`${recorded.streamId} is not an account stream`);
};

/** Whom an account stream is of, as lessons and purchases name them (by id); undefined for an administrator. */
export const personOfAccountStream = (streamId: string): { role: "student" | "teacher"; id: number } | undefined => {
  if (studentStreams.holds(streamId)) return { role: "student", id: studentStreams.parse(streamId) };
  if (teacherStreams.holds(streamId)) return { role: "teacher", id: teacherStreams.parse(streamId) };
  return undefined;
};
