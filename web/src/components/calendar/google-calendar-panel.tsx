import { useTranslation } from "react-i18next";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";
import {
  disconnectGoogleCalendar,
  fetchGoogleCalendarStatus,
  startGoogleCalendarConnection,
} from "./google-calendar-api";

/** Where the browser goes: Google's consent page (a function, so a test can watch it). */
export const goTo = { url: (url: string) => window.location.assign(url) };

/**
 * "Google Agenda e Google Meet" on the teacher's profile: connecting their Google account puts each lesson
 * they accept in their Google Calendar with a Google Meet link (otherwise the lessons keep the built-in Jitsi
 * link). Not shown at all when the server has no Google client configured.
 */
export const GoogleCalendarPanel = () => {
  const { t } = useTranslation();
  const status = useResource(fetchGoogleCalendarStatus, "google-calendar");
  const connect = useMutation(async () => goTo.url(await startGoogleCalendarConnection()));
  const disconnect = useMutation(disconnectGoogleCalendar);

  if (status.status === "ready" && !status.data.configured) return null;
  const end = async () => {
    if (!window.confirm(t("calendar.google.disconnectConfirm"))) return;
    await disconnect.run(undefined);
    status.reload();
  };
  return (
    <section className="card narrow google-calendar" aria-labelledby="google-calendar-title">
      <h3 id="google-calendar-title">{t("calendar.google.title")}</h3>
      <p>{t("calendar.google.intro")}</p>
      {status.status === "loading" && <Loading />}
      {status.status === "failed" && <ErrorAlert error={status.error} />}
      {status.status === "ready" && (
        <>
          <p role="status">
            {status.data.connected
              ? t("calendar.google.connected", {
                  date: new Date(status.data.connectedAt ?? "").toLocaleDateString(),
                })
              : t("calendar.google.notConnected")}
          </p>
          <div className="actions">
            {status.data.connected ? (
              <button type="button" className="btn btn-danger" onClick={end} disabled={disconnect.status === "running"}>
                {t("calendar.google.disconnect")}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => connect.run(undefined)}
                disabled={connect.status === "running" || connect.status === "success"}
              >
                {connect.status === "running" || connect.status === "success"
                  ? t("global.loading")
                  : t("calendar.google.connect")}
              </button>
            )}
          </div>
          {connect.status === "error" && <ErrorAlert error={connect.error} />}
          {disconnect.status === "error" && <ErrorAlert error={disconnect.error} />}
        </>
      )}
    </section>
  );
};
