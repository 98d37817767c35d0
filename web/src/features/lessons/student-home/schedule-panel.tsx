import type { Objective } from "@el/domain/accounts/account";
import { TRIAL_LEVEL_ID } from "@el/domain/accounts/student-account";
import type { LevelView, TrailView } from "@el/domain/catalog/catalog-views";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { activeLevels } from "../../../lib/catalog/catalog-api";
import { useLevelName } from "../../../lib/catalog/level-name";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { dayKey, timesStillAhead } from "../../../lib/lessons/lesson-time";
import { schedulePanelMachine } from "./schedule-panel.machine";

/**
 * Level first, then a trail of that level, the day and the time (07:00–22:00 on :00 or :30, the next
 * half hour by default). With no credits left the form cannot be sent (spec section 5), unless a free
 * trial lesson is left: then only the "Aula Experimental" level is offered, the one it can pay for.
 */
export const SchedulePanel = ({
  levels,
  trails,
  balance,
  trialCredits = 0,
  defaultLevelId,
  objective,
  now = () => new Date(),
  onScheduled,
}: {
  levels: readonly LevelView[];
  trails: readonly TrailView[];
  balance: number;
  /** Free trial lessons left: with no other credit, they pay for an "Aula Experimental" lesson only. */
  trialCredits?: number;
  defaultLevelId: number | null;
  objective: Objective;
  now?: () => Date;
  onScheduled: () => void;
}) => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const trialOnly = balance <= 0 && trialCredits > 0;
  const offered = useMemo(
    () => activeLevels(levels).filter((level) => !trialOnly || level.id === TRIAL_LEVEL_ID),
    [levels, trialOnly],
  );
  const onScheduledRef = useRef(onScheduled);
  onScheduledRef.current = onScheduled;
  const [machine] = useState(() =>
    schedulePanelMachine.provide({ actions: { scheduled: () => onScheduledRef.current() } }),
  );
  const panel = useActorRef(machine, {
    input: {
      now,
      levelId: offered.some((level) => level.id === defaultLevelId) ? String(defaultLevelId) : "",
    },
  });
  const snapshot = useSelector(panel, (current) => current);
  const { date, time, errors, failure } = snapshot.context;
  const sending = snapshot.matches({ form: "sending" });
  // Spending the last paid credit leaves only the trial level: a level chosen before is no longer offered.
  const levelId = offered.some((level) => String(level.id) === snapshot.context.levelId)
    ? snapshot.context.levelId
    : trialOnly && offered.length === 1
      ? String(offered[0]?.id)
      : "";
  const trailsOfLevel = trails.filter((trail) => String(trail.level.id) === levelId);
  const trailId = trailsOfLevel.some((trail) => String(trail.id) === snapshot.context.trailId)
    ? snapshot.context.trailId
    : "";
  const today = dayKey(now());
  const times = date ? timesStillAhead(date, now()) : [];
  const noCredits = balance <= 0 && !trialOnly;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    panel.send({ type: "schedule.submitted", levelId, trailId, objective, creditsLeft: !noCredits });
  };

  return (
    <section className="card schedule-panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">{t("student.schedule.title")}</h2>
      {snapshot.matches("done") ? (
        <>
          <div className="alert alert-success" role="status">
            {t("student.schedule.success")}
          </div>
          <button type="button" className="btn btn-primary" onClick={() => panel.send({ type: "schedule.restarted" })}>
            {t("student.schedule.again")}
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {failure !== null && <ErrorAlert error={failure} />}
          <div className="schedule-fields">
            <div className="form-field">
              <label htmlFor="schedule-level">{t("student.schedule.level")}</label>
              <select
                id="schedule-level"
                value={levelId}
                aria-invalid={errors.level ? true : undefined}
                onChange={(event) => panel.send({ type: "level.chosen", levelId: event.target.value })}
              >
                <option value="">{t("student.schedule.chooseLevel")}</option>
                {offered.map((level) => (
                  <option key={level.id} value={level.id}>
                    {levelName(level.name)}
                  </option>
                ))}
              </select>
              {errors.level && <span className="field-error">{t(errors.level)}</span>}
            </div>
            <div className="form-field">
              <label htmlFor="schedule-trail">{t("student.schedule.trail")}</label>
              <select
                id="schedule-trail"
                value={trailId}
                disabled={!levelId}
                aria-invalid={errors.trail ? true : undefined}
                onChange={(event) => panel.send({ type: "trail.chosen", trailId: event.target.value })}
              >
                <option value="">{t("student.schedule.chooseTrail")}</option>
                {trailsOfLevel.map((trail) => (
                  <option key={trail.id} value={trail.id}>
                    {trailLabel(trail)}
                  </option>
                ))}
              </select>
              {errors.trail && <span className="field-error">{t(errors.trail)}</span>}
            </div>
            <div className="form-field">
              <label htmlFor="schedule-date">{t("student.schedule.date")}</label>
              <input
                id="schedule-date"
                type="date"
                min={today}
                value={date}
                aria-invalid={errors.date ? true : undefined}
                onChange={(event) => panel.send({ type: "date.chosen", date: event.target.value })}
              />
              {errors.date && <span className="field-error">{t(errors.date)}</span>}
            </div>
            <div className="form-field">
              <label htmlFor="schedule-time">{t("student.schedule.time")}</label>
              <select
                id="schedule-time"
                value={time}
                aria-invalid={errors.time ? true : undefined}
                onChange={(event) => panel.send({ type: "time.chosen", time: event.target.value })}
              >
                <option value="">{t("student.schedule.chooseTime")}</option>
                {times.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
              {errors.time && <span className="field-error">{t(errors.time)}</span>}
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={noCredits || sending}>
            {sending ? t("student.schedule.sending") : t("student.schedule.submit")}
          </button>
          {noCredits && (
            <p className="alert alert-warning" role="status">
              {t("student.schedule.noCredits")}
            </p>
          )}
          {trialOnly && (
            <p className="alert alert-info" role="status">
              {t("student.schedule.trialOnly")}
            </p>
          )}
        </form>
      )}
    </section>
  );
};
