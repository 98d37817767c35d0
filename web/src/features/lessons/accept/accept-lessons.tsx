import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import type { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useLevelName } from "../../../lib/catalog/level-name";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatEndTime, formatTime } from "../../../lib/lessons/lesson-time";
import { useLiveFeed } from "../../../lib/socket";
import { pendingLessonsMachine } from "./pending-lessons.machine";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Aceitar aulas: the lessons waiting for a teacher, filtered by weekday (Monday = 1) and level. */
export const AcceptLessons = () => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const feed = useLiveFeed();
  const board = useActorRef(pendingLessonsMachine, { input: { feed } });
  const snapshot = useSelector(board, (state) => state);
  const [weekday, setWeekday] = useState("");
  const [level, setLevel] = useState<PendingLessonView["level"] | null>(null);
  const { lessons, claimed, claimError, loadError, claiming } = snapshot.context;

  if (snapshot.matches("loading")) return <Loading />;
  if (snapshot.matches("failed"))
    return (
      <>
        <ErrorAlert error={loadError} />
        <button type="button" className="btn btn-primary" onClick={() => board.send({ type: "board.retry" })}>
          {t("teacher.accept.retry")}
        </button>
      </>
    );

  // The chosen level stays offered after its last lesson leaves the board (claimed, cancelled), so the
  // filter never shows "Todos" while it still hides every other level.
  const levels = [
    ...new Map(
      [...lessons.map((lesson) => lesson.level), ...(level ? [level] : [])].map((known) => [known.id, known]),
    ).values(),
  ].sort((a, b) => a.id - b.id);
  const shown = lessons.filter(
    (lesson) =>
      (!weekday || wallClockOf(lesson.date).weekday === Number(weekday)) && (!level || lesson.level.id === level.id),
  );

  return (
    <section className="area-section" aria-label={t("teacher.menu.accept")}>
      {claimed && (
        <div className="alert alert-success" role="status">
          {t("teacher.accept.claimed", {
            trail: trailLabel(claimed.trail),
            date: formatDay(claimed.date),
            time: formatTime(claimed.date),
            student: claimed.student.firstName,
          })}
        </div>
      )}
      {claimError !== null && <ErrorAlert error={claimError} />}
      <div className="accept-filters">
        <div className="form-field">
          <label htmlFor="accept-weekday">{t("teacher.accept.weekday")}</label>
          <select id="accept-weekday" value={weekday} onChange={(event) => setWeekday(event.target.value)}>
            <option value="">{t("teacher.accept.all")}</option>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {t(`teacher.weekdays.${day}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="accept-level">{t("teacher.accept.level")}</label>
          <select
            id="accept-level"
            value={level?.id ?? ""}
            onChange={(event) => setLevel(levels.find((known) => known.id === Number(event.target.value)) ?? null)}
          >
            <option value="">{t("teacher.accept.all")}</option>
            {levels.map((known) => (
              <option key={known.id} value={known.id}>
                {levelName(known.name)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="alert alert-warning" role="status">
          {t("teacher.accept.none")}
        </p>
      ) : (
        <ul className="pending-lessons" aria-label={t("teacher.accept.listLabel")}>
          {shown.map((lesson) => (
            <li key={lesson.id} className="card pending-lesson" data-lesson-id={lesson.id}>
              <div className="pending-lesson-when">
                <strong>{formatDay(lesson.date)}</strong>
                <span>
                  {t(`teacher.weekdays.${wallClockOf(lesson.date).weekday}`)}, {formatTime(lesson.date)} –{" "}
                  {formatEndTime(lesson.date)}
                </span>
              </div>
              <div className="pending-lesson-what">
                <strong>{trailLabel(lesson.trail)}</strong>
                <span>
                  {levelName(lesson.level.name)} · {t(`lessons.objective.${lesson.objective}`)} ·{" "}
                  {lesson.student.firstName}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-primary"
                disabled={claiming !== null}
                onClick={() => board.send({ type: "lesson.claim", lessonId: lesson.id })}
              >
                {claiming?.id === lesson.id ? t("teacher.accept.claiming") : t("teacher.accept.claim")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
