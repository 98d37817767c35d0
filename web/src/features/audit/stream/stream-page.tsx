import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { exportStream } from "../api/audit-export-api";
import { getStreamHistory } from "../api/stream-history-api";
import { EventData } from "../event-data";
import { formatInstant } from "../sao-paulo-instant";
import "../audit.css";

const MINUTE_MS = 60_000;

/** What a state says of a student's credits, when it says it. */
const balanceOf = (state: unknown) =>
  state !== null && typeof state === "object" && typeof (state as { balance?: unknown }).balance === "number"
    ? (state as { balance: number }).balance
    : undefined;

/**
 * /auditoria/fluxos/{stream}: a stream's events, each with the state right after it, and a slider over its
 * life that shows the state at any instant and the events that made it ("what was this student's balance on
 * 3 March at 14:00"). The instant lives in the URL (`at`).
 */
export const StreamPage = () => {
  const { t } = useTranslation();
  const stream = useParams().stream ?? "";
  const [params, setParams] = useSearchParams();
  const at = params.get("at") ?? "";
  const [openedAt] = useState(() => Date.now());
  const whole = useResource(() => getStreamHistory(stream), stream);
  const atInstant = useResource(() => (at ? getStreamHistory(stream, at) : Promise.resolve(null)), `${stream}|${at}`);
  const [exportError, setExportError] = useState<unknown>();

  if (whole.status === "loading") return <Loading />;
  if (whole.status === "failed") return <ErrorAlert error={whole.error} />;
  const first = Date.parse(whole.data.events[0]?.event.time ?? new Date(openedAt).toISOString());
  const start = Math.floor(first / MINUTE_MS) * MINUTE_MS;
  const end = Math.max(openedAt, start + MINUTE_MS);
  const shown = at ? (atInstant.status === "ready" ? atInstant.data : null) : whole.data;
  const sliderValue = at ? Math.min(Math.max(Date.parse(at), start), end) : end;
  const balance = shown ? balanceOf(shown.state) : undefined;

  return (
    <section className="card audit-stream" aria-labelledby="audit-stream-title">
      <p>
        <Link to="/auditoria">{t("audit.stream.back")}</Link>
      </p>
      <h2 id="audit-stream-title">{t("audit.stream.title", { stream })}</h2>
      <p>{t("audit.stream.kind", { kind: whole.data.kind })}</p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setExportError(undefined);
          exportStream(stream).catch(setExportError);
        }}
      >
        {t("audit.stream.export")}
      </button>
      {exportError !== undefined && <ErrorAlert error={exportError} />}
      <div className="form-field audit-slider">
        <label htmlFor="audit-at">{t("audit.stream.at")}</label>
        <input
          id="audit-at"
          type="range"
          min={start}
          max={end}
          step={MINUTE_MS}
          value={sliderValue}
          aria-valuetext={formatInstant(new Date(sliderValue).toISOString())}
          onChange={(event) => {
            const value = Number(event.target.value);
            setParams(value >= end ? {} : { at: new Date(value).toISOString() });
          }}
        />
        <output htmlFor="audit-at">{at ? formatInstant(at) : t("audit.stream.now")}</output>
      </div>
      {at && atInstant.status === "loading" && <Loading />}
      {at && atInstant.status === "failed" && <ErrorAlert error={atInstant.error} />}
      {shown && (
        <>
          <h3>{at ? t("audit.stream.stateAt", { at: formatInstant(at) }) : t("audit.stream.stateNow")}</h3>
          {balance !== undefined && <p className="audit-balance">{t("audit.stream.balance", { count: balance })}</p>}
          <pre className="audit-json" aria-label={t("audit.stream.state")} tabIndex={0}>
            {JSON.stringify(shown.state, null, 2)}
          </pre>
          <h3>{t("audit.stream.events", { count: shown.events.length })}</h3>
          {shown.events.length === 0 ? (
            <p role="status">{t("audit.stream.noEvents")}</p>
          ) : (
            <div className="table-wrapper">
              <table className="table" aria-label={t("audit.stream.eventsTable")}>
                <thead>
                  <tr>
                    <th>{t("audit.event.version")}</th>
                    <th>{t("audit.event.time")}</th>
                    <th>{t("audit.event.type")}</th>
                    <th>{t("audit.event.who")}</th>
                    <th>{t("audit.event.data")}</th>
                    <th>{t("audit.stream.stateAfter")}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.events.map(({ event, stateAfter }) => (
                    <tr key={event.eventId}>
                      <td>{event.version}</td>
                      <td>{formatInstant(event.time)}</td>
                      <td>{event.type}</td>
                      <td>{event.who === "unknown" ? t("audit.event.unknown") : event.who}</td>
                      <td>
                        <EventData event={event} />
                      </td>
                      <td>
                        {balanceOf(stateAfter) !== undefined && (
                          <span className="audit-balance">
                            {t("audit.stream.balance", { count: balanceOf(stateAfter) })}
                          </span>
                        )}
                        <details>
                          <summary>{t("audit.event.show")}</summary>
                          <pre className="audit-json" tabIndex={0}>
                            {JSON.stringify(stateAfter, null, 2)}
                          </pre>
                        </details>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
};
