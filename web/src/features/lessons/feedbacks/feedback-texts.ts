import type { StudentFeedbackView, TeacherFeedbackView } from "@el/domain/lessons/feedback-view";
import type { TFunction } from "i18next";
import type { FeedbackKind } from "../api/feedbacks-api";

export type AnyFeedback = StudentFeedbackView | (TeacherFeedbackView & { kind?: never });

/** Each kind's section under /gerencia. */
export const feedbackPath = (kind: FeedbackKind) => (kind === "student" ? "feedback-aluno" : "feedback-professor");

/** A kind's own text: `adminSections.feedback.student_title`, `…teacher_empty`… */
export const kindText = (t: TFunction, kind: FeedbackKind, name: string) => t(`adminSections.feedback.${kind}_${name}`);

export const noteText = (t: TFunction, note: number | null) =>
  note === null ? t("adminSections.feedback.noNote") : `${note}/5`;

/** "#12 · 3 - Ordering food" with the lesson's date when the lesson is known. */
export const lessonText = (feedback: AnyFeedback) =>
  feedback.lesson ? `#${feedback.lessonId} · ${feedback.lesson.trail}` : `#${feedback.lessonId}`;

/** The other party of the lesson: the student for students' feedback, the teacher for teachers'. */
export const authorText = (kind: FeedbackKind, feedback: AnyFeedback) =>
  (kind === "student" ? feedback.lesson?.studentName : feedback.lesson?.teacherName) ?? "";
