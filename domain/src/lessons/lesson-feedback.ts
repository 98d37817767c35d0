import { conflict, invalid, notFound } from "../shared/errors";
import {
  checkNote,
  checkTeacherFeedback,
  type DeleteFeedback,
  existingLesson,
  type GiveStudentFeedback,
  type GiveTeacherFeedback,
  heldLesson,
  type Lesson,
  type LessonEvent,
  lessonErrors,
  type ReviseStudentFeedback,
  type ReviseTeacherFeedback,
} from "./lesson";

/** What the student and the teacher say of a lesson that took place, and the back office's corrections. */

/** The student rates a lesson that took place, once. */
export const giveStudentFeedback = (command: GiveStudentFeedback, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  // Another student's lesson answers as an unknown one does: a 403 would tell which lessons exist.
  if (lesson.scheduled.student.id !== command.studentId) throw notFound(lessonErrors.notFound);
  heldLesson(lesson, command.now);
  if (lesson.studentFeedbackId !== null) throw conflict(lessonErrors.feedbackGiven);
  checkNote(command.note, 0, lessonErrors.note, "note");
  return [
    {
      type: "StudentFeedbackGiven",
      data: {
        feedbackId: command.feedbackId,
        studentId: command.studentId,
        note: command.note,
        information: command.information.trim(),
        givenAt: command.now.toISOString(),
      },
    },
  ];
};

/** The teacher reports on a lesson they gave, once it is over: a full report, or an empty one when they skip it. */
export const giveTeacherFeedback = (command: GiveTeacherFeedback, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  // Another teacher's lesson, likewise, answers as an unknown one does.
  if (lesson.teacher?.id !== command.teacherId) throw notFound(lessonErrors.notFound);
  heldLesson(lesson, command.now);
  if (lesson.teacherFeedbackId !== null) throw conflict(lessonErrors.feedbackGiven);
  const given = {
    feedbackId: command.feedbackId,
    teacherId: command.teacherId,
    givenAt: command.now.toISOString(),
  };
  if (command.skipped) {
    return [
      {
        type: "TeacherFeedbackGiven",
        data: {
          ...given,
          skipped: true,
          status: null,
          note: null,
          information: "",
          sugestions: "",
          productSugestions: "",
          studentInformation: "",
          partialyHeld: null,
        },
      },
    ];
  }
  checkTeacherFeedback(command);
  return [
    {
      type: "TeacherFeedbackGiven",
      data: {
        ...given,
        skipped: false,
        status: command.status as 1 | 2 | 3,
        note: command.note,
        information: command.information.trim(),
        sugestions: command.sugestions.trim(),
        productSugestions: command.productSugestions.trim(),
        studentInformation: command.studentInformation.trim(),
        partialyHeld: command.status === 2 ? (command.partialyHeld ?? "").trim() : null,
      },
    },
  ];
};

/** An administrator corrects the student's rating or comment. */
export const reviseStudentFeedback = (command: ReviseStudentFeedback, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  if (lesson.studentFeedbackId !== command.feedbackId) throw notFound(lessonErrors.feedbackNotFound);
  checkNote(command.note, 0, lessonErrors.note, "note");
  return [
    {
      type: "StudentFeedbackRevised",
      data: {
        feedbackId: command.feedbackId,
        note: command.note,
        information: command.information.trim(),
        by: command.by,
        at: command.now.toISOString(),
      },
    },
  ];
};

/** An administrator corrects the teacher's report. */
export const reviseTeacherFeedback = (command: ReviseTeacherFeedback, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  if (lesson.teacherFeedbackId !== command.feedbackId) throw notFound(lessonErrors.feedbackNotFound);
  // The back office's form has no rules of its own (spec section 5) beyond what the report can hold.
  if (command.status !== 1 && command.status !== 2 && command.status !== 3)
    throw invalid(lessonErrors.chooseOption, "status");
  checkNote(command.note, 1, lessonErrors.note, "note");
  return [
    {
      type: "TeacherFeedbackRevised",
      data: {
        feedbackId: command.feedbackId,
        status: command.status,
        note: command.note,
        information: command.information.trim(),
        sugestions: command.sugestions.trim(),
        productSugestions: command.productSugestions.trim(),
        studentInformation: command.studentInformation.trim(),
        partialyHeld: command.status === 2 ? (command.partialyHeld ?? "").trim() : null,
        by: command.by,
        at: command.now.toISOString(),
      },
    },
  ];
};

/** An administrator removes a feedback of the lesson: it may be given again. */
export const deleteFeedback = (command: DeleteFeedback, state: Lesson): LessonEvent[] => {
  const lesson = existingLesson(state);
  const current = command.of === "student" ? lesson.studentFeedbackId : lesson.teacherFeedbackId;
  // Already deleted (another administrator, a retry) or never this lesson's: there is nothing to delete.
  if (current !== command.feedbackId) throw notFound(lessonErrors.feedbackNotFound);
  return [
    {
      type: command.of === "student" ? "StudentFeedbackDeleted" : "TeacherFeedbackDeleted",
      data: { feedbackId: command.feedbackId, by: command.by, at: command.now.toISOString() },
    },
  ];
};
