import { conflict, forbidden, invalid } from "../shared/errors";
import {
  type AcceptLesson,
  type AssignTeacher,
  CANCELLATION_NOTICE_MS,
  type CancelLesson,
  changeableLesson,
  checkLessonTime,
  existingLesson,
  type Lesson,
  type LessonEvent,
  lessonErrors,
  type MoveLesson,
  type ScheduleLesson,
  startOf,
  type UnassignTeacher,
  type UseMeetingLink,
} from "./lesson";

/** Who holds a lesson and when: scheduled, claimed or given to a teacher, moved, cancelled. */

/** A student books a lesson on a trail of their level, at a half hour between 07:00 and 22:00 to come. */
export const scheduleLesson = (command: ScheduleLesson, state: Lesson): LessonEvent[] => {
  // The id is allocated before deciding: a retried decision finds its own lesson already there.
  if (state.status !== "none") return [];
  const { trail } = command;
  if (!trail) throw invalid(lessonErrors.trailNotFound, "trail");
  if (command.levelId !== null && command.levelId !== trail.level.id)
    throw invalid(lessonErrors.trailOfOtherLevel, "trail");
  if (!trail.level.active) throw invalid(lessonErrors.levelInactive, "level");
  checkLessonTime(command.date, command.now);
  return [
    {
      type: "LessonScheduled",
      data: {
        id: command.id,
        student: command.student,
        trail: { id: trail.id, number: trail.number, title: trail.title },
        level: { id: trail.level.id, name: trail.level.name },
        date: new Date(command.date).toISOString(),
        objective: command.objective,
        createdDate: command.now.toISOString(),
        ...(command.chosenTeacher ? { chosenTeacher: command.chosenTeacher } : {}),
      },
    },
  ];
};

/** A teacher claims a pending lesson before it starts: the first claim wins. */
export const acceptLesson = (command: AcceptLesson, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  if (lesson.status === "cancelled") throw conflict(lessonErrors.cancelled);
  if (lesson.status === "accepted") {
    // The same teacher retrying their own claim gets it again; anyone else lost the race.
    if (lesson.teacher.id === command.teacher.id) return [];
    throw conflict(lessonErrors.alreadyClaimed);
  }
  if (startOf(lesson.scheduled) <= command.now.getTime()) throw invalid(lessonErrors.alreadyStarted);
  // A lesson offered to one teacher alone is not on the board: anyone else finds it taken.
  if (lesson.request && lesson.request.teacher.id !== command.teacher.id) throw conflict(lessonErrors.alreadyClaimed);
  return [
    {
      type: "LessonAccepted",
      data: { teacher: command.teacher, meetUrl: command.meetUrl, acceptedAt: command.now.toISOString() },
    },
  ];
};

/** An administrator gives a lesson not yet started to a teacher: a pending one is accepted, a claimed one changes teacher. */
export const assignTeacher = (command: AssignTeacher, state: Lesson): LessonEvent[] => {
  const lesson = changeableLesson(state, command.now);
  const at = command.now.toISOString();
  if (lesson.status !== "accepted") {
    const { teacher, meetUrl, by } = command;
    return [{ type: "LessonAccepted", data: { teacher, meetUrl, acceptedAt: at, assignedBy: by } }];
  }
  if (lesson.teacher.id === command.teacher.id) return [];
  return [
    {
      type: "LessonTeacherChanged",
      data: { from: lesson.teacher, teacher: command.teacher, meetUrl: command.meetUrl, by: command.by, at },
    },
  ];
};

/** An administrator takes a claimed lesson back from its teacher. */
export const unassignTeacher = (command: UnassignTeacher, state: Lesson): LessonEvent[] => {
  const lesson = changeableLesson(state, command.now);
  // Already waiting for a teacher (a retry, or another administrator was first): nothing to undo.
  if (lesson.status !== "accepted") return [];
  return [
    {
      type: "LessonTeacherUnassigned",
      data: { from: lesson.teacher, by: command.by, at: command.now.toISOString() },
    },
  ];
};

/** An administrator moves a lesson not yet started to another time, under the scheduling rules. */
export const moveLesson = (command: MoveLesson, state: Lesson): LessonEvent[] => {
  const lesson = changeableLesson(state, command.now);
  checkLessonTime(command.date, command.now);
  const date = new Date(command.date).toISOString();
  if (date === new Date(lesson.scheduled.date).toISOString()) return [];
  return [
    {
      type: "LessonMoved",
      data: { from: lesson.scheduled.date, date, by: command.by, at: command.now.toISOString() },
    },
  ];
};

/** The student cancels with 24 hours of notice; support cancels at any time. The credit always comes back. */
export const cancelLesson = (command: CancelLesson, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  if (lesson.status === "cancelled") return [];
  if (command.role === "erasure") return cancelForErasure(command, lesson);
  if (command.role === "student" && lesson.scheduled.student.id !== command.by) throw forbidden(lessonErrors.notYours);
  const notice = startOf(lesson.scheduled) - command.now.getTime();
  // Support (an administrator) may cancel at any time and always gives the credit back; so may the
  // student of a lesson whose teacher took the day off.
  if (command.role === "student" && notice < CANCELLATION_NOTICE_MS && !lesson.freedByTeacher)
    throw invalid(lessonErrors.cancellationPolicy);
  return [
    {
      type: "LessonCancelled",
      data: { by: command.by, role: command.role, refunded: true, at: command.now.toISOString() },
    },
  ];
};

/**
 * The student's personal data is being erased: a lesson that has not started yet will not take place
 * (it leaves the board, its teacher is told), and the credit stays spent, as the account it would
 * return to is gone. One that started already is history, left as it is.
 */
const cancelForErasure = (command: CancelLesson, lesson: Exclude<Lesson, { status: "none" }>): LessonEvent[] => {
  if (lesson.scheduled.student.id !== command.by) throw forbidden(lessonErrors.notYours);
  if (startOf(lesson.scheduled) <= command.now.getTime()) return [];
  const { by, role, now } = command;
  return [{ type: "LessonCancelled", data: { by, role, refunded: false, at: now.toISOString() } }];
};

/** The teacher's Google Meet link replaces the lesson's Jitsi one. */
export const useMeetingLink = (command: UseMeetingLink, state: Lesson): LessonEvent[] => {
  // Cancelled or given to another teacher meanwhile: the link is of no use, the event is deleted.
  if (state.status !== "accepted" || state.teacher.id !== command.teacherId) return [];
  if (state.meetUrl === command.meetUrl) return [];
  return [
    {
      type: "LessonVideoLinkChanged",
      data: { meetUrl: command.meetUrl, teacherId: command.teacherId, at: command.now.toISOString() },
    },
  ];
};
