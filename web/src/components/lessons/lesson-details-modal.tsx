import { useTranslation } from "react-i18next";
import { useLevelName } from "../../lib/catalog/level-name";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { trailLabel } from "../../lib/lessons/lesson-card";
import { formatDay, formatEndTime, formatTime } from "../../lib/lessons/lesson-time";
import { Modal } from "../modal/modal";
import { TrailMaterials } from "../trails/trail-materials";
import { type LessonState, LessonStatusBadge } from "./lesson-list";

/** Everything about one lesson, with the video link once a teacher has claimed it. */
export const LessonDetailsModal = ({
  lesson,
  state,
  onClose,
  children,
}: {
  lesson: LessonCard;
  state: LessonState;
  onClose: () => void;
  children?: React.ReactNode;
}) => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  return (
    <Modal title={t("lessons.details.title")} onClose={onClose}>
      <dl className="lesson-details">
        <dt>{t("lessons.columns.status")}</dt>
        <dd>
          <LessonStatusBadge state={state} />
        </dd>
        <dt>{t("lessons.columns.date")}</dt>
        <dd>{formatDay(lesson.date)}</dd>
        <dt>{t("lessons.columns.time")}</dt>
        <dd>
          {formatTime(lesson.date)} – {formatEndTime(lesson.date)}
        </dd>
        <dt>{t("lessons.columns.trail")}</dt>
        <dd>{trailLabel(lesson.trail)}</dd>
        {lesson.levelName && (
          <>
            <dt>{t("lessons.columns.level")}</dt>
            <dd>{levelName(lesson.levelName)}</dd>
          </>
        )}
        {lesson.objective && (
          <>
            <dt>{t("lessons.columns.objective")}</dt>
            <dd>{t(`lessons.objective.${lesson.objective}`, { defaultValue: lesson.objective })}</dd>
          </>
        )}
        <dt>{t("lessons.columns.teacher")}</dt>
        <dd>{lesson.teacherName ?? t("lessons.status.pending")}</dd>
        {lesson.studentName && (
          <>
            <dt>{t("lessons.columns.student")}</dt>
            <dd>{lesson.studentName}</dd>
          </>
        )}
        <dt>{t("lessons.details.videoLink")}</dt>
        <dd>
          {lesson.meetUrl ? (
            <a href={lesson.meetUrl} target="_blank" rel="noreferrer" className="lesson-meet-link">
              {lesson.meetUrl}
            </a>
          ) : (
            t("lessons.details.noLinkYet")
          )}
        </dd>
      </dl>
      {/* Spec section 4: a pending lesson has no content download; once a teacher claimed it, both may. */}
      {lesson.meetUrl && lesson.trail.id !== undefined && <TrailMaterials trailId={lesson.trail.id} />}
      {children}
    </Modal>
  );
};
