import { conflict, invalid, notFound } from "@el/domain";
import type { StudentAccount } from "@el/domain/accounts/student-account";
import { studentStreams } from "@el/domain/accounts/student-account";
import type { TeacherAccount } from "@el/domain/accounts/teacher-account";
import { type Lesson, lessonErrors, lessonStreams, type PersonSnapshot } from "@el/domain/lessons/lesson";
import { lessonDecider } from "@el/domain/lessons/lesson-decider";
import {
  changeLesson,
  scheduleLessonByAdministrator,
  slotsHeldBy,
  unassignTeacherFreeingSlots,
} from "@el/domain/lessons/lesson-decisions";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import {
  type StudentSlotKey,
  studentSlotMap,
  studentSlotStreams,
  studentSlotsOfLesson,
} from "@el/domain/lessons/student-slot";
import {
  slotsOfLesson,
  type TeacherSlot,
  type TeacherSlotEvent,
  type TeacherSlotKey,
  teacherSlotStreams,
} from "@el/domain/lessons/teacher-slot";
import { schedulingOfLesson } from "@el/projections/lessons/index";
import type { FastifyInstance } from "fastify";
import { executeOnStates } from "../../commands/execute";
import type { MeetingProvider } from "../../plugins/meetings";
import {
  type Caller,
  contextOf,
  lessonState,
  slotState,
  storedScheduling,
  studentSlotAppends,
  studentSlotState,
  studentState,
  teacherState,
  trailInCatalog,
} from "./lesson-commands";

/**
 * Lesson control's commands (`/gerencia/aula`): an administrator schedules for a student, moves a lesson
 * or gives it to a teacher. Each goes through the same decisions as the student's and the teacher's own
 * commands (`domain/src/lessons/lesson-decisions.ts`) and appends every stream it touches at once.
 */

const keyOf = (key: TeacherSlotKey) => teacherSlotStreams.id(key);

/** Each key once, in order: a lesson moved by half an hour keeps one of its slots. */
const distinct = (keys: TeacherSlotKey[]) => [...new Map(keys.map((key) => [keyOf(key), key])).values()];

/** The slots' states by the key `lesson-decisions` looks them up with (`{teacherId}-{startsAt}`). */
const slotMap = (keys: TeacherSlotKey[], states: TeacherSlot[]) =>
  new Map(keys.map((key, index) => [`${key.teacherId}-${key.startsAt}`, states[index] as TeacherSlot]));

const slotAppends = (decided: { key: TeacherSlotKey; events: TeacherSlotEvent[] }[]) =>
  decided.map(({ key, events }) => ({ streamId: keyOf(key), events }));

const nameOf = (account: StudentAccount | TeacherAccount, id: number): PersonSnapshot | null => {
  if (account.status === "unregistered") return null;
  const { firstName, lastName } = account.account.profile;
  return { id, firstName: firstName ?? account.account.login, lastName };
};

/** The teacher an administrator chose: an accepted, active teacher, or the form is told there is none. */
const chosenTeacher = (teacher: TeacherAccount, id: number) => {
  const person = nameOf(teacher, id);
  if (!person || teacher.status !== "active") throw invalid(lessonErrors.teacherNotFound, "teacher");
  return person;
};

/**
 * "Criar aula": the student's own scheduling (their credit, the same refusals), and with a teacher the
 * lesson is accepted on the teacher's behalf with a video link, as their claim would be.
 */
export const scheduleLessonForStudentCommand = async (
  app: FastifyInstance,
  meetings: MeetingProvider,
  admin: Caller,
  input: { studentId: number; trailId: number; levelId: number | null; date: string; teacherId: number | null },
  commandId?: string,
): Promise<SchedulingView> => {
  const [lessonId, trail] = await Promise.all([app.nextId(), trailInCatalog(app, input.trailId)]);
  const slots = input.teacherId === null ? [] : slotsOfLesson(input.teacherId, input.date);
  const studentSlots = studentSlotsOfLesson(input.studentId, input.date);
  const meeting = input.teacherId === null ? null : await meetings.createMeeting({ id: lessonId, date: input.date });
  let scheduling: SchedulingView | null = null;
  const { result: scheduled } = await executeOnStates(
    app,
    {
      lesson: lessonState(lessonId, { fresh: true }),
      student: studentState(input.studentId),
      ...(input.teacherId === null ? {} : { teacher: teacherState(input.teacherId) }),
      slots: slots.map((slot) => slotState(slot)),
      studentSlots: studentSlots.map((slot) => studentSlotState(slot)),
    },
    (states) => {
      const student = nameOf(states.student, input.studentId);
      if (!student) throw invalid(lessonErrors.studentNotFound, "student");
      const { profile } = states.student.status === "unregistered" ? { profile: null } : states.student.account;
      const teacher =
        input.teacherId === null || !states.teacher || !meeting
          ? null
          : { teacher: chosenTeacher(states.teacher as TeacherAccount, input.teacherId), meetUrl: meeting.meetUrl };
      const decision = scheduleLessonByAdministrator(
        {
          type: "ScheduleLesson",
          id: lessonId,
          student,
          trail,
          levelId: input.levelId,
          date: input.date,
          objective: profile?.objective ?? "PROFESSIONAL",
          now: app.clock.now(),
        },
        teacher && { ...teacher, by: admin.id },
        {
          lesson: states.lesson,
          student: states.student,
          slots: slotMap(slots, states.slots),
          studentSlots: states.studentSlots,
        },
      );
      scheduling = schedulingOfLesson(decision.lesson.reduce(lessonDecider.evolve, states.lesson));
      return {
        appends: [
          { streamId: lessonStreams.id(lessonId), events: decision.lesson },
          { streamId: studentStreams.id(input.studentId), events: decision.student },
          ...slotAppends(decision.slots),
          ...studentSlotAppends(studentSlots, decision.studentSlots),
        ],
        result: lessonId,
      };
    },
    contextOf(admin, commandId),
  );
  // A retried request answers the lesson its first run created, not the one this run decided.
  return scheduled === lessonId && scheduling ? scheduling : storedScheduling(app, scheduled);
};

/**
 * `PUT api/lessons/{id}`: move the lesson (`date`), give it to a teacher (`teacherId`), or both. The
 * slots read are those the lesson holds now and those it would hold after; a race with a teacher's claim
 * (or another administrator) is decided again on what won, so one teacher has the lesson in the end.
 */
export const changeLessonCommand = async (
  app: FastifyInstance,
  meetings: MeetingProvider,
  admin: Caller,
  lessonId: number,
  input: { date: string | null; teacherId: number | null },
): Promise<SchedulingView> => {
  const readLesson = async () => {
    const lesson = (await app.streamStates.read({ lesson: lessonState(lessonId) })).lesson.state;
    if (lesson.status === "none") throw notFound(lessonErrors.notFound);
    return lesson;
  };
  const current = await readLesson();
  const dateOf = (lesson: Lesson) =>
    input.date ?? (lesson.status === "none" ? current.scheduled.date : lesson.scheduled.date);
  /** The slots the lesson holds now and those it would hold after the change. */
  const slotsTouched = (lesson: Lesson) => {
    const teacherAfter = input.teacherId ?? (lesson.status === "accepted" ? lesson.teacher.id : null);
    return distinct([
      ...slotsHeldBy(lesson),
      ...(teacherAfter === null ? [] : slotsOfLesson(teacherAfter, dateOf(lesson))),
    ]);
  };
  /** The student's half hours of the lesson's time now and of its new one. */
  const studentSlotsTouched = (lesson: Lesson): StudentSlotKey[] => {
    if (lesson.status === "none" || input.date === null) return [];
    const studentId = lesson.scheduled.student.id;
    const keys = [
      ...studentSlotsOfLesson(studentId, lesson.scheduled.date),
      ...studentSlotsOfLesson(studentId, input.date),
    ];
    return [...new Map(keys.map((key) => [studentSlotStreams.id(key), key])).values()];
  };
  const meeting =
    input.teacherId === null ? null : await meetings.createMeeting({ id: lessonId, date: dateOf(current) });
  // The slots to read follow from the lesson's teacher, which a claim may change between the read and
  // the decision: a decision that finds it needs other slots is taken again with them.
  for (let lesson = current, attempt = 0; attempt < 5; attempt++, lesson = await readLesson()) {
    const keys = slotsTouched(lesson);
    const known = new Set(keys.map(keyOf));
    const studentKeys = studentSlotsTouched(lesson);
    const knownOfStudent = new Set(studentKeys.map((key) => studentSlotStreams.id(key)));
    const { result } = await executeOnStates(
      app,
      {
        lesson: lessonState(lessonId),
        ...(input.teacherId === null ? {} : { teacher: teacherState(input.teacherId) }),
        slots: keys.map((slot) => slotState(slot)),
        studentSlots: studentKeys.map((slot) => studentSlotState(slot)),
      },
      (states) => {
        if (slotsTouched(states.lesson).some((key) => !known.has(keyOf(key)))) return { appends: [], result: null };
        if (studentSlotsTouched(states.lesson).some((key) => !knownOfStudent.has(studentSlotStreams.id(key))))
          return { appends: [], result: null };
        const assign =
          input.teacherId === null || !states.teacher || !meeting
            ? null
            : {
                teacher: chosenTeacher(states.teacher as TeacherAccount, input.teacherId),
                meetUrl: meeting.meetUrl,
                by: admin.id,
              };
        const decision = changeLesson(
          { date: input.date, assign, by: admin.id, now: app.clock.now() },
          {
            lesson: states.lesson,
            slots: slotMap(keys, states.slots),
            studentSlots: studentSlotMap(studentKeys, states.studentSlots),
          },
        );
        return {
          appends: [
            { streamId: lessonStreams.id(lessonId), events: decision.lesson },
            ...slotAppends(decision.slots),
            ...decision.studentSlots.map(({ key, events }) => ({ streamId: studentSlotStreams.id(key), events })),
          ],
          result: schedulingOfLesson(decision.lesson.reduce(lessonDecider.evolve, states.lesson)),
        };
      },
      contextOf(admin),
    );
    if (result) return result;
  }
  throw conflict();
};

/**
 * `DELETE api/lessons/{id}/teacher`: take a claimed lesson back from its teacher, so it waits for a
 * teacher again and their half hours are free. The slots to free are the teacher's at the time of the
 * decision: if a change of teacher or time lands between the read and the decision, it is taken again.
 */
export const unassignTeacherCommand = async (
  app: FastifyInstance,
  admin: Caller,
  lessonId: number,
): Promise<SchedulingView> => {
  const readLesson = async () => (await app.streamStates.read({ lesson: lessonState(lessonId) })).lesson.state;
  for (let lesson = await readLesson(), attempt = 0; attempt < 5; attempt++, lesson = await readLesson()) {
    const keys = slotsHeldBy(lesson);
    const known = new Set(keys.map(keyOf));
    const { result } = await executeOnStates(
      app,
      { lesson: lessonState(lessonId), slots: keys.map((slot) => slotState(slot)) },
      (states) => {
        if (slotsHeldBy(states.lesson).some((key) => !known.has(keyOf(key)))) return { appends: [], result: null };
        const decision = unassignTeacherFreeingSlots(
          { type: "UnassignTeacher", by: admin.id, now: app.clock.now() },
          { lesson: states.lesson, slots: slotMap(keys, states.slots) },
        );
        return {
          appends: [{ streamId: lessonStreams.id(lessonId), events: decision.lesson }, ...slotAppends(decision.slots)],
          result: schedulingOfLesson(decision.lesson.reduce(lessonDecider.evolve, states.lesson)),
        };
      },
      contextOf(admin),
    );
    if (result) return result;
  }
  throw conflict();
};
