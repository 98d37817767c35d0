import type { IssuedCalendarFeed } from "@el/domain/calendar/calendar-feed";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";
import { fetchCalendarFeed, issueCalendarFeed, revokeCalendarFeed } from "./calendar-feed-api";

/**
 * "Minhas aulas no meu calendário": a private address Google Calendar, Outlook or Apple Calendar subscribe
 * to. The address is shown once, when created (only a digest of it is kept); creating another replaces it.
 */
export const CalendarFeedPanel = () => {
  const { t } = useTranslation();
  const feed = useResource(fetchCalendarFeed, "calendar-feed");
  const [issued, setIssued] = useState<IssuedCalendarFeed | null>(null);
  const [copied, setCopied] = useState(false);
  const issue = useMutation(issueCalendarFeed);
  const revoke = useMutation(revokeCalendarFeed);

  const create = async () => {
    const created = await issue.run(undefined);
    if (!created) return;
    setIssued(created);
    setCopied(false);
    feed.reload();
  };
  const end = async () => {
    if (!window.confirm(t("calendar.feed.revokeConfirm"))) return;
    await revoke.run(undefined);
    setIssued(null);
    feed.reload();
  };
  const copy = async () => {
    if (!issued) return;
    await navigator.clipboard?.writeText(issued.url);
    setCopied(true);
  };

  return (
    <section className="card narrow calendar-feed" aria-labelledby="calendar-feed-title">
      <h3 id="calendar-feed-title">{t("calendar.feed.title")}</h3>
      <p>{t("calendar.feed.intro")}</p>
      {feed.status === "loading" && <Loading />}
      {feed.status === "failed" && <ErrorAlert error={feed.error} />}
      {feed.status === "ready" && (
        <>
          {issued ? (
            <div className="form-field">
              <label htmlFor="calendar-feed-url">{t("calendar.feed.address")}</label>
              <input id="calendar-feed-url" value={issued.url} readOnly onFocus={(event) => event.target.select()} />
              <p className="hint">{t("calendar.feed.onlyNow")}</p>
              <button type="button" className="btn btn-small" onClick={copy}>
                {copied ? t("calendar.feed.copied") : t("calendar.feed.copy")}
              </button>
            </div>
          ) : (
            <p role="status">
              {feed.data.active
                ? t("calendar.feed.active", { date: new Date(feed.data.issuedAt ?? "").toLocaleDateString() })
                : t("calendar.feed.none")}
            </p>
          )}
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={create} disabled={issue.status === "running"}>
              {feed.data.active || issued ? t("calendar.feed.replace") : t("calendar.feed.create")}
            </button>
            {(feed.data.active || issued) && (
              <button type="button" className="btn btn-danger" onClick={end} disabled={revoke.status === "running"}>
                {t("calendar.feed.revoke")}
              </button>
            )}
          </div>
          {issue.status === "error" && <ErrorAlert error={issue.error} />}
          {revoke.status === "error" && <ErrorAlert error={revoke.error} />}
        </>
      )}
    </section>
  );
};
