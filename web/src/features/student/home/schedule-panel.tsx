import { TRIAL_LEVEL_ID } from "@el/domain/accounts/student-account";
import type { LevelView, TrailView } from "@el/domain/catalog/catalog-views";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { newIdempotencyKey } from "../../../lib/api";
import { activeLevels } from "../../../lib/catalog/catalog-api";
import { useLevelName } from "../../../lib/catalog/level-name";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { combineDateAndTime, dayKey, nextBookableSlot, timesStillAhead } from "../../../lib/lessons/lesson-time";
import { scheduleLesson } from "../api/schedule-lesson";

const REQUIRED = "student.schedule.required";
const PAST_DAY = "student.schedule.pastDate";
const PAST_TIME = "student.schedule.pastTime";

type Errors = Partial<Record<"level" | "trail" | "date" | "time", string>>;

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
  objective: string;
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
  const initialSlot = useMemo(() => nextBookableSlot(now()), [now]);
  const [chosenLevelId, setLevelId] = useState(() =>
    offered.some((level) => level.id === defaultLevelId) ? String(defaultLevelId) : "",
  );
  // Spending the last paid credit leaves only the trial level: a level chosen before is no longer offered.
  const levelId = offered.some((level) => String(level.id) === chosenLevelId)
    ? chosenLevelId
    : trialOnly && offered.length === 1
      ? String(offered[0]?.id)
      : "";
  const [chosenTrailId, setTrailId] = useState("");
  const [date, setDate] = useState(initialSlot.date);
  const [time, setTime] = useState(initialSlot.time);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<"editing" | "sending" | "done">("editing");
  const [failure, setFailure] = useState<unknown>(null);
  // One key per lesson asked for: a retry after a failure that may have reached the server (timeout,
  // dropped connection) cannot spend a second credit. The server scopes it to the request's content.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const trailsOfLevel = trails.filter((trail) => String(trail.level.id) === levelId);
  const trailId = trailsOfLevel.some((trail) => String(trail.id) === chosenTrailId) ? chosenTrailId : "";
  const today = dayKey(now());
  const times = date ? timesStillAhead(date, now()) : [];
  const noCredits = balance <= 0 && !trialOnly;

  const validate = (): Errors => {
    const found: Errors = {};
    if (!levelId) found.level = REQUIRED;
    if (!trailId) found.trail = REQUIRED;
    // A day or hour already gone is told as such: "required" would send the student looking for an empty field.
    if (!date) found.date = REQUIRED;
    else if (date < today) found.date = PAST_DAY;
    else if (!time) found.time = REQUIRED;
    // Read at the moment of sending: the form may have stayed open past the hour it offered.
    else if (!timesStillAhead(date, now()).includes(time)) found.time = PAST_TIME;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || noCredits) return;
    setState("sending");
    setFailure(null);
    try {
      await scheduleLesson(
        { trailId: Number(trailId), levelId: Number(levelId), date: combineDateAndTime(date, time), objective },
        idempotencyKey,
      );
      setState("done");
      onScheduled();
    } catch (error) {
      setFailure(error);
      setState("editing");
    }
  };

  const startOver = () => {
    setIdempotencyKey(newIdempotencyKey());
    const slot = nextBookableSlot(now());
    setTrailId("");
    setDate(slot.date);
    setTime(slot.time);
    setErrors({});
    setState("editing");
  };

  return (
    <section className="card schedule-panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">{t("student.schedule.title")}</h2>
      {state === "done" ? (
        <>
          <div className="alert alert-success" role="status">
            {t("student.schedule.success")}
          </div>
          <button type="button" className="btn btn-primary" onClick={startOver}>
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
                onChange={(event) => {
                  setLevelId(event.target.value);
                  setTrailId("");
                }}
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
                onChange={(event) => setTrailId(event.target.value)}
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
                onChange={(event) => {
                  const chosen = event.target.value;
                  setDate(chosen);
                  const ahead = chosen ? timesStillAhead(chosen, now()) : [];
                  if (!ahead.includes(time)) setTime(ahead[0] ?? "");
                }}
              />
              {errors.date && <span className="field-error">{t(errors.date)}</span>}
            </div>
            <div className="form-field">
              <label htmlFor="schedule-time">{t("student.schedule.time")}</label>
              <select
                id="schedule-time"
                value={time}
                aria-invalid={errors.time ? true : undefined}
                onChange={(event) => setTime(event.target.value)}
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
          <button type="submit" className="btn btn-primary" disabled={noCredits || state === "sending"}>
            {state === "sending" ? t("student.schedule.sending") : t("student.schedule.submit")}
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
