import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TeacherCard } from "../teachers/teacher-card";
import { LessonDetailsModal } from "./lesson-details-modal";
import type { LessonRowView } from "./lesson-list";

/**
 * The actions every lesson row offers, student's or teacher's: its details (with the teacher's profile for
 * a student), and joining once claimed.
 */
export const LessonDetailsAndJoin = ({ view, showTeacher = false }: { view: LessonRowView; showTeacher?: boolean }) => {
  const { t } = useTranslation();
  const [details, setDetails] = useState(false);
  const { lesson, state } = view;
  return (
    <>
      <button type="button" className="btn btn-small btn-outline" onClick={() => setDetails(true)}>
        {t("lessons.actions.details")}
      </button>
      {state === "accepted" && lesson.meetUrl && (
        <a className="btn btn-small btn-secondary" href={lesson.meetUrl} target="_blank" rel="noreferrer">
          {t("lessons.actions.join")}
        </a>
      )}
      {details && (
        <LessonDetailsModal lesson={lesson} state={state} onClose={() => setDetails(false)}>
          {showTeacher && lesson.teacherId && <TeacherCard teacherId={lesson.teacherId} />}
        </LessonDetailsModal>
      )}
    </>
  );
};
