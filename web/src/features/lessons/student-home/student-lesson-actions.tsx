import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LessonRowView } from "../../../components/lessons/lesson-list";
import { LessonDetailsAndJoin } from "../../../components/lessons/lesson-row-actions";
import { CancelLessonModal } from "./cancel-lesson-modal";
import { StudentFeedbackModal } from "./student-feedback-modal";

/** Details (with the video link), join, cancel before it starts, rate once held. */
export const StudentLessonActions = ({ view, onChanged }: { view: LessonRowView; onChanged: () => void }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"cancel" | "feedback" | null>(null);
  const { lesson, state } = view;
  const upcoming = (state === "pending" || state === "accepted") && Date.parse(lesson.date) > Date.now();
  return (
    <>
      <LessonDetailsAndJoin view={view} showTeacher />
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
