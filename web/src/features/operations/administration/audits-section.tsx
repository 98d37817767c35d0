import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "../../../components/pagination/pagination";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useListParams } from "../../../lib/list-params";
import { useResource } from "../../../lib/use-resource";
import { getAudits } from "../api/audits-api";
import "./administration.css";

export const AUDIT_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** JHipster's audits open on the last month, up to today (days in São Paulo, as the backend reads them). */
export const defaultPeriod = (now: Date) => ({
  fromDate: localDateOf(new Date(now.getTime() - 30 * DAY_MS)),
  toDate: localDateOf(now),
});

/**
 * The audits screen: every sign-in, accepted or refused, with who, when and from which address, newest
 * first, for the days chosen. The period and the page live in the URL, so a refresh keeps them.
 */
export const AuditsSection = () => {
  const { t } = useTranslation();
  const params = useListParams("auditEventDate", "desc");
  const [initial] = useState(() => defaultPeriod(new Date()));
  const period = {
    fromDate: params.get("fromDate") || initial.fromDate,
    toDate: params.get("toDate") || initial.toDate,
  };
  const [draft, setDraft] = useState(period);
  const audits = useResource(
    () => getAudits({ ...period, ...params.apiQuery(AUDIT_PAGE_SIZE) }),
    `${params.key}|${period.fromDate}|${period.toDate}`,
  );
  const invalidRange = draft.fromDate > draft.toDate;

  return (
    <section className="card" aria-labelledby="admin-audits-title">
      <h2 id="admin-audits-title">{t("adminTools.audits.title")}</h2>
      <form
        className="audit-filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalidRange) params.filter(draft);
        }}
      >
        <div className="form-field">
          <label htmlFor="audits-from">{t("adminTools.audits.fromDate")}</label>
          <input
            id="audits-from"
            type="date"
            required
            value={draft.fromDate}
            onChange={(event) => setDraft({ ...draft, fromDate: event.target.value })}
          />
        </div>
        <div className="form-field">
          <label htmlFor="audits-to">{t("adminTools.audits.toDate")}</label>
          <input
            id="audits-to"
            type="date"
            required
            value={draft.toDate}
            onChange={(event) => setDraft({ ...draft, toDate: event.target.value })}
          />
        </div>
        <div className="form-field">
          <button type="submit" className="btn btn-primary" disabled={invalidRange || !draft.fromDate || !draft.toDate}>
            {t("adminTools.audits.search")}
          </button>
        </div>
      </form>
      {invalidRange && <p className="field-error">{t("adminTools.audits.invalidRange")}</p>}
      {audits.status === "loading" && <Loading />}
      {audits.status === "failed" && <ErrorAlert error={audits.error} />}
      {audits.status === "ready" && audits.data.items.length === 0 && <Empty>{t("adminTools.audits.empty")}</Empty>}
      {audits.status === "ready" && audits.data.items.length > 0 && (
        <>
          <div className="table-wrapper">
            <table className="table" aria-label={t("adminTools.audits.title")}>
              <thead>
                <tr>
                  <th aria-sort={params.ariaSort("auditEventDate")}>
                    <button type="button" onClick={() => params.sortBy("auditEventDate")}>
                      {t("adminTools.audits.date")}
                    </button>
                  </th>
                  <th aria-sort={params.ariaSort("principal")}>
                    <button type="button" onClick={() => params.sortBy("principal")}>
                      {t("adminTools.audits.principal")}
                    </button>
                  </th>
                  <th aria-sort={params.ariaSort("type")}>
                    <button type="button" onClick={() => params.sortBy("type")}>
                      {t("adminTools.audits.type")}
                    </button>
                  </th>
                  <th>{t("adminTools.audits.remoteAddress")}</th>
                  <th>{t("adminTools.audits.message")}</th>
                </tr>
              </thead>
              <tbody>
                {audits.data.items.map((audit) => (
                  <tr key={audit.id}>
                    <td>{`${formatDay(audit.timestamp)} ${formatTime(audit.timestamp)}`}</td>
                    <td>{audit.principal}</td>
                    <td>
                      <span
                        className={`badge ${audit.type === "AUTHENTICATION_SUCCESS" ? "badge-success" : "badge-danger"}`}
                      >
                        {t(`adminTools.audits.types.${audit.type}`, { defaultValue: audit.type })}
                      </span>
                    </td>
                    <td>{audit.data.remoteAddress}</td>
                    <td>{audit.data.message ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={params.page - 1}
            totalItems={audits.data.total}
            pageSize={AUDIT_PAGE_SIZE}
            maxButtons={5}
            onPage={(index) => params.go({ page: index + 1 })}
          />
        </>
      )}
    </section>
  );
};
