import type { AvailabilityWindow, TeacherAvailability } from "@el/domain/directory/availability";
import { useActorRef, useSelector } from "@xstate/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import type { AvailabilityOwner } from "../api/get-availability";
import {
  addDayOff,
  addWindow,
  changeWindow,
  formatDate,
  isTooShort,
  nextWindowOn,
  removeDayOff,
  removeWindow,
  WEEKDAYS,
  WINDOW_ENDS,
  WINDOW_STARTS,
} from "./availability-draft";
import { availabilityEditorMachine } from "./availability-editor.machine";
import { ConflictDialog } from "./conflict-dialog";
import "../availability.css";

type Heading = "h3" | "h4";

/**
 * Weekly windows by weekday and dates off, each changed with selects and buttons (no dragging), saved
 * together. Used by the teacher on their own availability and by the back office on any teacher's.
 */
export const AvailabilityEditor = ({ owner, heading = "h3" }: { owner: AvailabilityOwner; heading?: Heading }) => {
  const { t } = useTranslation();
  const editor = useActorRef(availabilityEditorMachine, { input: { owner } });
  const snapshot = useSelector(editor, (state) => state);
  const { draft, saved, loadError, saveError, affected, justSaved } = snapshot.context;
  const change = (next: TeacherAvailability) => editor.send({ type: "draft.changed", draft: next });
  const Title = heading;

  if (snapshot.matches("loading")) return <Loading />;
  if (snapshot.matches("failed"))
    return (
      <>
        <ErrorAlert error={loadError} />
        <button type="button" className="btn btn-primary" onClick={() => editor.send({ type: "availability.retry" })}>
          {t("availability.retry")}
        </button>
      </>
    );

  const saving = snapshot.matches("saving") || snapshot.matches("savingConfirmed");
  const unsaved = JSON.stringify(draft) !== JSON.stringify(saved);
  return (
    <form
      className="availability-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        editor.send({ type: "availability.save" });
      }}
    >
      <Title>{t("availability.weekly")}</Title>
      <div className="availability-days">
        {WEEKDAYS.map((day) => (
          <WeekdayWindows key={day} day={day} draft={draft} onChange={change} />
        ))}
      </div>
      <Title>{t("availability.daysOff")}</Title>
      <DaysOff draft={draft} own={owner === "me"} onChange={change} />
      <div className="availability-actions">
        {saveError !== null && <ErrorAlert error={saveError} />}
        {justSaved && (
          <p className="alert alert-success" role="status">
            {t("availability.saved")}
          </p>
        )}
        {unsaved && !justSaved && <p className="availability-unsaved">{t("availability.unsaved")}</p>}
        <button type="submit" className="btn btn-primary" disabled={saving || snapshot.matches("confirming")}>
          {saving ? t("availability.saving") : t("availability.save")}
        </button>
      </div>
      {(snapshot.matches("confirming") || snapshot.matches("savingConfirmed")) && (
        <ConflictDialog
          affected={affected}
          own={owner === "me"}
          confirming={snapshot.matches("savingConfirmed")}
          onConfirm={() => editor.send({ type: "conflict.confirmed" })}
          onCancel={() => editor.send({ type: "conflict.dismissed" })}
        />
      )}
    </form>
  );
};

const WeekdayWindows = ({
  day,
  draft,
  onChange,
}: {
  day: number;
  draft: TeacherAvailability;
  onChange: (next: TeacherAvailability) => void;
}) => {
  const { t } = useTranslation();
  const dayName = t(`availability.weekdays.${day}`);
  const windows = draft.weekly
    .map((window, index) => ({ window, index }))
    .filter(({ window }) => window.dayOfWeek === day);
  const next = nextWindowOn(draft, day);
  return (
    <fieldset className="availability-day">
      <legend>{dayName}</legend>
      {windows.length === 0 && <p className="availability-none">{t("availability.none")}</p>}
      {windows.map(({ window, index }) => (
        <WindowRow
          key={index}
          dayName={dayName}
          window={window}
          onChange={(changes) => onChange(changeWindow(draft, index, changes))}
          onRemove={() => onChange(removeWindow(draft, index))}
        />
      ))}
      <button
        type="button"
        className="btn btn-outline btn-small"
        disabled={next === null}
        aria-label={t("availability.addWindowOn", { day: dayName })}
        onClick={() => next && onChange(addWindow(draft, next))}
      >
        {t("availability.addWindow")}
      </button>
    </fieldset>
  );
};

const WindowRow = ({
  dayName,
  window,
  onChange,
  onRemove,
}: {
  dayName: string;
  window: AvailabilityWindow;
  onChange: (changes: Partial<Pick<AvailabilityWindow, "start" | "end">>) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const tooShort = isTooShort(window);
  const described = { start: window.start, end: window.end, day: dayName };
  return (
    <div className="availability-window" role="group" aria-label={t("availability.window", described)}>
      <label htmlFor={`${id}-start`}>{t("availability.from")}</label>
      <select
        id={`${id}-start`}
        value={window.start}
        aria-invalid={tooShort || undefined}
        aria-describedby={tooShort ? `${id}-error` : undefined}
        onChange={(event) => onChange({ start: event.target.value })}
      >
        {WINDOW_STARTS.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-end`}>{t("availability.to")}</label>
      <select
        id={`${id}-end`}
        value={window.end}
        aria-invalid={tooShort || undefined}
        aria-describedby={tooShort ? `${id}-error` : undefined}
        onChange={(event) => onChange({ end: event.target.value })}
      >
        {WINDOW_ENDS.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-outline btn-small"
        aria-label={t("availability.removeWindow", described)}
        onClick={onRemove}
      >
        {t("availability.remove")}
      </button>
      {tooShort && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {t("availability.tooShort")}
        </span>
      )}
    </div>
  );
};

const DaysOff = ({
  draft,
  own,
  onChange,
}: {
  draft: TeacherAvailability;
  /** The teacher's own (spoken to as "você"), or a teacher's seen by the back office. */
  own: boolean;
  onChange: (next: TeacherAvailability) => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [date, setDate] = useState("");
  return (
    <div className="availability-days-off">
      <p id={`${id}-hint`}>{t(own ? "availability.daysOffHint" : "availability.daysOffHintOther")}</p>
      {draft.daysOff.length === 0 ? (
        <p className="availability-none">{t("availability.noDaysOff")}</p>
      ) : (
        <ul className="availability-day-off-list">
          {draft.daysOff.map((day) => (
            <li key={day}>
              <span>{formatDate(day)}</span>
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={t("availability.removeDayOff", { date: formatDate(day) })}
                onClick={() => onChange(removeDayOff(draft, day))}
              >
                {t("availability.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="availability-day-off-add">
        <div className="form-field">
          <label htmlFor={`${id}-date`}>{t("availability.dayOff")}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!/^\d{4}-\d{2}-\d{2}$/.test(date)}
          onClick={() => {
            onChange(addDayOff(draft, date));
            setDate("");
          }}
        >
          {t("availability.addDayOff")}
        </button>
      </div>
    </div>
  );
};
