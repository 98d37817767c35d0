import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { finishGoogleCalendarConnection } from "../../components/calendar/google-calendar-api";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { useResource } from "../../lib/use-resource";

/** Where the teacher goes back to: the profile, where the connection is shown and can be undone. */
export const PROFILE_PATH = "/teacher/perfil";

const Back = () => {
  const { t } = useTranslation();
  return (
    <p>
      <Link to={PROFILE_PATH}>{t("calendar.google.back")}</Link>
    </p>
  );
};

/** The code goes to the server, which keeps the refresh token; a window opened for this closes itself. */
const Finishing = ({ code, state }: { code: string; state: string }) => {
  const { t } = useTranslation();
  const finished = useResource(() => finishGoogleCalendarConnection(code, state), `google-calendar ${state}`);
  const done = finished.status === "ready" && finished.data.connected;
  useEffect(() => {
    // Spec section 2: opened in a window of its own, the page closes it once all is registered.
    if (done && window.opener) window.close();
  }, [done]);
  if (finished.status === "loading") return <Loading />;
  if (finished.status === "failed")
    return (
      <>
        <ErrorAlert error={finished.error} />
        <Back />
      </>
    );
  return (
    <>
      <div className="alert alert-success" role="status">
        {t("calendar.google.done")}
      </div>
      <Back />
    </>
  );
};

/**
 * /calendar: where Google sends the teacher back after the consent for their calendar (spec sections 2
 * and 4). A refusal at Google (`error=access_denied`) or a return without a code says so and leads back.
 */
export const CalendarReturnPage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const code = search.get("code");
  const state = search.get("state");
  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("calendar.google.returnTitle")}</h1>
        {code && state && !search.get("error") ? (
          <Finishing code={code} state={state} />
        ) : (
          <>
            <div className="alert alert-warning" role="alert">
              {t("calendar.google.refused")}
            </div>
            <Back />
          </>
        )}
      </div>
    </div>
  );
};
