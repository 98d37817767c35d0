import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { type AuditEventsFilter, getAuditEvents } from "../api/audit-events-api";
import { ChainCheck } from "../chain/chain-check";
import { EventData } from "../event-data";
import { formatInstant, instantOfLocal, localOfInstant } from "../sao-paulo-instant";
import "../audit.css";

const FILTERS = ["stream", "type", "userId", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * /auditoria: every stored event in global order, filtered by stream, type, who caused it and a period,
 * paged forward by the cursor the API answers (never an offset). Filters and cursor live in the URL.
 */
export const TimelinePage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Filters;
  const after = params.get("after") ?? "";
  const [draft, setDraft] = useState<Filters>({
    ...applied,
    from: localOfInstant(applied.from),
    to: localOfInstant(applied.to),
  });
  const filter: AuditEventsFilter = { ...applied, after };
  const events = useResource(() => getAuditEvents(filter), params.toString());
  const invalidRange = draft.from !== "" && draft.to !== "" && draft.from >= draft.to;

  const go = (next: Partial<Filters> & { after?: string }) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value) search.set(name, value);
    setParams(search);
  };

  return (
    <section className="card audit-timeline" aria-labelledby="audit-timeline-title">
      <h2 id="audit-timeline-title">{t("audit.timeline.title")}</h2>
      <p>
        <Link to="/auditoria/replays">{t("audit.replays.title")}</Link>
      </p>
      <ChainCheck />
      <form
        className="audit-filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (invalidRange) return;
          go({ ...draft, from: instantOfLocal(draft.from), to: instantOfLocal(draft.to) });
        }}
      >
        {(["stream", "type", "userId"] as const).map((name) => (
          <div className="form-field" key={name}>
            <label htmlFor={`audit-${name}`}>{t(`audit.timeline.filters.${name}`)}</label>
            <input
              id={`audit-${name}`}
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value.trim() })}
            />
          </div>
        ))}
        {(["from", "to"] as const).map((name) => (
          <div className="form-field" key={name}>
            <label htmlFor={`audit-${name}`}>{t(`audit.timeline.filters.${name}`)}</label>
            <input
              id={`audit-${name}`}
              type="datetime-local"
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            />
          </div>
        ))}
        <div className="form-field">
          <button type="submit" className="btn btn-primary" disabled={invalidRange}>
            {t("audit.timeline.search")}
          </button>
        </div>
      </form>
      {invalidRange && <p className="field-error">{t("audit.timeline.invalidRange")}</p>}
      {events.status === "loading" && <Loading />}
      {events.status === "failed" && <ErrorAlert error={events.error} />}
      {events.status === "ready" && events.data.content.length === 0 && <Empty>{t("audit.timeline.empty")}</Empty>}
      {events.status === "ready" && events.data.content.length > 0 && (
        <>
          <div className="table-wrapper">
            <table className="table" aria-label={t("audit.timeline.title")}>
              <thead>
                <tr>
                  <th>{t("audit.event.position")}</th>
                  <th>{t("audit.event.time")}</th>
                  <th>{t("audit.event.stream")}</th>
                  <th>{t("audit.event.version")}</th>
                  <th>{t("audit.event.type")}</th>
                  <th>{t("audit.event.who")}</th>
                  <th>{t("audit.event.correlation")}</th>
                  <th>{t("audit.event.data")}</th>
                </tr>
              </thead>
              <tbody>
                {events.data.content.map((event) => (
                  <tr key={event.eventId}>
                    <td>{event.globalPosition}</td>
                    <td>{formatInstant(event.time)}</td>
                    <td>
                      <Link to={`/auditoria/fluxos/${encodeURIComponent(event.stream)}`}>{event.stream}</Link>
                    </td>
                    <td>{event.version}</td>
                    <td>{event.type}</td>
                    <td>{event.who === "unknown" ? t("audit.event.unknown") : event.who}</td>
                    <td>{event.correlation === "unknown" ? t("audit.event.unknown") : event.correlation}</td>
                    <td>
                      <details>
                        <summary>{t("audit.event.show")}</summary>
                        <EventData event={event} />
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="audit-pages" aria-label={t("audit.timeline.pages")}>
            {after && (
              <button type="button" className="btn btn-secondary" onClick={() => go(applied)}>
                {t("audit.timeline.first")}
              </button>
            )}
            {events.data.next && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => go({ ...applied, after: events.data.next ?? "" })}
              >
                {t("audit.timeline.next")}
              </button>
            )}
          </nav>
        </>
      )}
    </section>
  );
};
