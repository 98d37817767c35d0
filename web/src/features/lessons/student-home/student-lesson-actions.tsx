import { isReportable } from "@el/domain/disputes/dispute";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { LessonRowView } from "../../../components/lessons/lesson-list";
import { LessonDetailsAndJoin } from "../../../components/lessons/lesson-row-actions";
import { RebookButton } from "../../../components/lessons/rebook-button";
import { CancelLessonModal } from "./cancel-lesson-modal";
import { StudentFeedbackModal } from "./student-feedback-modal";

/** Details (with the video link), join, a message to the teacher, cancel before it starts, rate once held. */
export const StudentLessonActions = ({ view, onChanged }: { view: LessonRowView; onChanged: () => void }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"cancel" | "feedback" | null>(null);
  const { lesson, state } = view;
  const upcoming = (state === "pending" || state === "accepted") && Date.parse(lesson.date) > Date.now();
  return (
    <>
      <LessonDetailsAndJoin view={view} showTeacher />
      {lesson.teacherId != null && (
        <Link className="btn btn-small btn-outline" to={`/mensagens?com=${lesson.teacherId}`}>
          {t("lessons.actions.message")}
        </Link>
      )}
      {upcoming && (
        <button type="button" className="btn btn-small btn-outline" onClick={() => setOpen("cancel")}>
          {t("lessons.actions.cancel")}
        </button>
      )}
      {state === "held" && (
        <button type="button" className="btn btn-small btn-primary" onClick={() => setOpen("feedback")}>
          {t("lessons.actions.rate")}
        </button>
      )}
      {(state === "held" || state === "feedbackGiven") && (
        <Link className="btn btn-small btn-outline" to={`/student/aulas/${lesson.id}/relatorio`}>
          {t("lessons.actions.seeReport")}
        </Link>
      )}
      {(state === "held" || state === "feedbackGiven") &&
        lesson.teacherId != null &&
        isReportable(lesson.date, new Date()) && (
          <Link className="btn btn-small btn-outline" to={`/disputas/relatar/${lesson.id}`}>
            {t("lessons.actions.reportProblem")}
          </Link>
        )}
      {(state === "held" || state === "feedbackGiven") && lesson.teacherId != null && (
        <RebookButton lessonId={lesson.id} onBooked={onChanged} />
      )}
      {open === "cancel" && (
        <CancelLessonModal
          lesson={lesson}
          onClose={() => setOpen(null)}
          onCancelled={() => {
            setOpen(null);
            onChanged();
          }}
        />
      )}
      {open === "feedback" && (
        <StudentFeedbackModal
          lesson={lesson}
          onDone={() => {
            setOpen(null);
            onChanged();
          }}
        />
      )}
    </>
  );
};
