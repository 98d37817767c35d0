import type { TrailView } from "@el/domain/catalog/catalog-views";
import type { RequestFallback } from "@el/domain/directory/directory-contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { newIdempotencyKey } from "../../../lib/api";
import { combineDateAndTime, dayKey, timesStillAhead } from "../../../lib/lessons/lesson-time";
import { useMutation } from "../../../lib/use-mutation";
import { requestTeacher } from "../api/request-teacher";
import { TrailChoice } from "./trail-choice";

interface RequestChoices {
  date: string;
  time: string;
  trailId: string;
  fallback: RequestFallback;
}

const REQUIRED = "directory.request.required";

/**
 * "Solicitar outro horário": a day and time outside the free starts, offered to this teacher alone; the
 * student says beforehand what happens if the teacher does not accept (the open board, or the credit back).
 */
export const RequestForm = ({
  teacherId,
  teacherName,
  trails,
  now = () => new Date(),
}: {
  teacherId: number;
  teacherName: string;
  trails: readonly TrailView[];
  now?: () => Date;
}) => {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<RequestChoices>({ date: "", time: "", trailId: "", fallback: "BOARD" });
  const [missing, setMissing] = useState<Partial<Record<keyof RequestChoices, string>>>({});
  const [idempotencyKey] = useState(newIdempotencyKey);
  const send = useMutation((chosen: RequestChoices) =>
    requestTeacher(
      teacherId,
      {
        start: combineDateAndTime(chosen.date, chosen.time),
        trailId: Number(chosen.trailId),
        fallback: chosen.fallback,
      },
      idempotencyKey,
    ),
  );
  const choose = (changes: Partial<RequestChoices>) => setChoices((previous) => ({ ...previous, ...changes }));
  const times = choices.date ? timesStillAhead(choices.date, now()) : [];

  if (send.status === "success")
    return (
      <div className="alert alert-success" role="status">
        {t("directory.request.sent", { name: teacherName })}
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof missing = {};
    if (!choices.date) found.date = REQUIRED;
    if (!choices.time || !times.includes(choices.time)) found.time = REQUIRED;
    if (!choices.trailId) found.trailId = REQUIRED;
    setMissing(found);
    if (Object.keys(found).length === 0) void send.run(choices);
  };
  const fieldError = (name: keyof RequestChoices) =>
    missing[name] && (
      <span id={`request-${name}-error`} className="field-error">
        {t(missing[name])}
      </span>
    );

  return (
    <form className="directory-request" onSubmit={submit} noValidate>
      <p>{t("directory.request.intro", { name: teacherName })}</p>
      {send.status === "error" && <ErrorAlert error={send.error} />}
      <div className="directory-request-fields">
        <div className="form-field">
          <label htmlFor="request-date">{t("directory.request.date")}</label>
          <input
            id="request-date"
            type="date"
            min={dayKey(now())}
            value={choices.date}
            aria-invalid={missing.date ? true : undefined}
            aria-describedby={missing.date ? "request-date-error" : undefined}
            onChange={(event) => choose({ date: event.target.value })}
          />
          {fieldError("date")}
        </div>
        <div className="form-field">
          <label htmlFor="request-time">{t("directory.request.time")}</label>
          <select
            id="request-time"
            value={choices.time}
            aria-invalid={missing.time ? true : undefined}
            aria-describedby={missing.time ? "request-time-error" : undefined}
            onChange={(event) => choose({ time: event.target.value })}
          >
            <option value="">{t("directory.request.chooseTime")}</option>
            {times.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
          {fieldError("time")}
        </div>
      </div>
      <TrailChoice
        id="request-trail"
        trails={trails}
        value={choices.trailId}
        error={missing.trailId ?? null}
        onChange={(trailId) => choose({ trailId })}
      />
      <fieldset className="directory-request-fallback">
        <legend>{t("directory.request.fallback")}</legend>
        {(["BOARD", "CANCEL"] as const).map((fallback) => (
          <label key={fallback} className="form-check">
            <input
              type="radio"
              name="request-fallback"
              value={fallback}
              checked={choices.fallback === fallback}
              onChange={() => choose({ fallback })}
            />
            {t(`directory.request.fallbacks.${fallback}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={send.status === "running"}>
        {send.status === "running" ? t("directory.request.sending") : t("directory.request.submit")}
      </button>
    </form>
  );
};
