import { z } from "zod";
import { type LessonEvent, lessonEventSchemas, PersonSnapshot, TeacherFeedbackStatus } from "./lesson";
import { LessonControlView } from "./lesson-control-view";

/**
 * `GET api/lessons/{id}/detail`: one lesson as the back office's page shows it (`/gerencia/aula/{id}`): who
 * and when (the lesson control's row), what happened to it and when, its payout and both feedbacks, and the
 * logins of its student and teacher for the links to their records.
 */

const LessonEventType = z.enum(Object.keys(lessonEventSchemas) as [keyof typeof lessonEventSchemas]);

/** One step of the lesson's history: what happened, when (ISO instant), and the teacher it concerned. */
export const LessonStep = z.object({
  type: LessonEventType,
  at: z.string(),
  teacher: PersonSnapshot.nullable(),
});
export type LessonStep = z.infer<typeof LessonStep>;

export const LessonStudentFeedback = z.object({
  note: z.number().int().nullable(),
  information: z.string(),
  at: z.string(),
});
export type LessonStudentFeedback = z.infer<typeof LessonStudentFeedback>;

export const LessonTeacherFeedback = z.object({
  /** 1 held fully, 2 partly held, 3 not held; null when the teacher skipped the report. */
  status: TeacherFeedbackStatus.nullable(),
  note: z.number().int().nullable(),
  information: z.string(),
  sugestions: z.string(),
  productSugestions: z.string(),
  studentInformation: z.string(),
  partialyHeld: z.string().nullable(),
  at: z.string(),
});
export type LessonTeacherFeedback = z.infer<typeof LessonTeacherFeedback>;

export const LessonDetailView = z.object({
  lesson: LessonControlView.extend({ cancelled: z.boolean() }),
  studentLogin: z.string().nullable(),
  teacherLogin: z.string().nullable(),
  history: z.array(LessonStep),
  studentFeedback: LessonStudentFeedback.nullable(),
  teacherFeedback: LessonTeacherFeedback.nullable(),
});
export type LessonDetailView = z.infer<typeof LessonDetailView>;

/** When an event happened, by its own field (a scheduling by its creation). */
const whenOf = (event: LessonEvent): string => {
  switch (event.type) {
    case "LessonScheduled":
      return event.data.createdDate;
    case "LessonAccepted":
      return event.data.acceptedAt;
    case "StudentFeedbackGiven":
    case "TeacherFeedbackGiven":
      return event.data.givenAt;
    default:
      return event.data.at;
  }
};

const teacherOf = (event: LessonEvent): PersonSnapshot | null => {
  switch (event.type) {
    case "LessonAccepted":
    case "LessonTeacherChanged":
      return event.data.teacher;
    case "LessonTeacherUnassigned":
      return event.data.from;
    default:
      return null;
  }
};

/**
 * A lesson's history, oldest first, and the feedbacks it holds now (the last given or revised, none once
 * deleted), folded from its stream's events.
 */
export const lessonRecordOf = (events: readonly LessonEvent[]) => {
  let studentFeedback: LessonStudentFeedback | null = null;
  let teacherFeedback: LessonTeacherFeedback | null = null;
  for (const event of events) {
    const at = whenOf(event);
    switch (event.type) {
      case "StudentFeedbackGiven":
      case "StudentFeedbackRevised":
        studentFeedback = { note: event.data.note, information: event.data.information, at };
        break;
      case "StudentFeedbackDeleted":
        studentFeedback = null;
        break;
      case "TeacherFeedbackGiven":
      case "TeacherFeedbackRevised": {
        const { status, note, information, sugestions, productSugestions, studentInformation, partialyHeld } =
          event.data;
        teacherFeedback = {
          status,
          note,
          information,
          sugestions,
          productSugestions,
          studentInformation,
          partialyHeld,
          at,
        };
        break;
      }
      case "TeacherFeedbackDeleted":
        teacherFeedback = null;
        break;
      default:
        break;
    }
  }
  const history: LessonStep[] = events.map((event) => ({
    type: event.type,
    at: whenOf(event),
    teacher: teacherOf(event),
  }));
  return { history, studentFeedback, teacherFeedback };
};
