import { useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { lessonMachine } from "../../lib/lessons/lesson.machine";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { trailLabel } from "../../lib/lessons/lesson-card";
import { formatDay, formatEndTime, formatTime } from "../../lib/lessons/lesson-time";
import { useLiveFeed } from "../../lib/socket";
import { TeacherChip } from "../teachers/teacher-card";
import "./lessons.css";

export type LessonState = "pending" | "accepted" | "held" | "feedbackGiven";

/** What one row knows to draw its actions: the lesson as it stands now (live) and its state. */
export interface LessonRowView {
  lesson: LessonCard;
  state: LessonState;
}

export const LessonStatusBadge = ({ state }: { state: LessonState }) => {
  const { t } = useTranslation();
  return <span className={`lesson-status lesson-status-${state}`}>{t(`lessons.status.${state}`)}</span>;
};

const LessonRow = ({
  lesson,
  counterpart,
  actions,
}: {
  lesson: LessonCard;
  counterpart: "teacher" | "student";
  actions: (view: LessonRowView) => ReactNode;
}) => {
  const { t } = useTranslation();
  const feed = useLiveFeed();
  const actor = useActorRef(lessonMachine, { input: { lesson, feed } });
  const state = useSelector(actor, (snapshot) => snapshot.value as LessonState);
  const live = useSelector(actor, (snapshot) => snapshot.context.lesson);
  const other = counterpart === "teacher" ? live.teacherName : live.studentName;
  const teacherId = counterpart === "teacher" ? live.teacherId : null;
  return (
    <tr data-lesson-id={live.id}>
      <td data-label={t("lessons.columns.date")}>{formatDay(live.date)}</td>
      <td data-label={t("lessons.columns.time")}>
        {formatTime(live.date)} – {formatEndTime(live.date)}
      </td>
      <td data-label={t("lessons.columns.trail")}>{trailLabel(live.trail)}</td>
      <td data-label={t(`lessons.columns.${counterpart}`)}>
        {other && teacherId ? (
          <TeacherChip teacherId={teacherId} name={other} />
        ) : (
          (other ?? t("lessons.status.pending"))
        )}
      </td>
      <td data-label={t("lessons.columns.status")}>
        <LessonStatusBadge state={state} />
      </td>
      <td className="lesson-actions">{actions({ lesson: live, state })}</td>
    </tr>
  );
};

/**
 * Lessons as a table that becomes cards on a phone. Each row runs the lesson machine, so a claim pushed
 * over the socket turns a row from Pendente to Aceito, with its link, without a reload. A row is
 * started afresh when the loaded lesson changes.
 */
export const LessonList = ({
  lessons,
  counterpart,
  actions,
  caption,
}: {
  lessons: LessonCard[];
  counterpart: "teacher" | "student";
  actions: (view: LessonRowView) => ReactNode;
  caption: string;
}) => {
  const { t } = useTranslation();
  return (
    <div className="table-wrapper">
      <table className="table lesson-table">
        <caption className="lesson-table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("lessons.columns.date")}</th>
            <th scope="col">{t("lessons.columns.time")}</th>
            <th scope="col">{t("lessons.columns.trail")}</th>
            <th scope="col">{t(`lessons.columns.${counterpart}`)}</th>
            <th scope="col">{t("lessons.columns.status")}</th>
            <th scope="col">
              <span className="lesson-table-caption">{t("lessons.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lessons.map((lesson) => (
            <LessonRow
              key={`${lesson.id}:${lesson.teacherName ?? ""}:${lesson.feedbackGiven}`}
              lesson={lesson}
              counterpart={counterpart}
              actions={actions}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
};
