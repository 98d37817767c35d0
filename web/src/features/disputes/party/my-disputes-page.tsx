import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { getDisputes } from "../api/get-disputes";
import { DisputeStatusBadge, lessonWhen } from "../dispute-details";
import "../disputes.css";

/** /disputas: the reports of the user's own lessons, theirs or the other side's. */
export const MyDisputesPage = () => {
  const { t } = useTranslation();
  const disputes = useResource(() => getDisputes(), "my-disputes");
  useLivePush("dispute:changed", disputes.reload);
  return (
    <section className="dispute-page" aria-labelledby="my-disputes-title">
      <h2 id="my-disputes-title">{t("disputes.mine")}</h2>
      {disputes.status === "loading" && <Loading />}
      {disputes.status === "failed" && <ErrorAlert error={disputes.error} />}
      {disputes.status === "ready" &&
        (disputes.data.length === 0 ? (
          <p className="card">{t("disputes.none")}</p>
        ) : (
          <ul className="dispute-list">
            {disputes.data.map((dispute) => (
              <li key={dispute.id} className="card">
                <Link to={String(dispute.id)}>{t("disputes.title", { date: lessonWhen(dispute.lessonDate) })}</Link>{" "}
                <DisputeStatusBadge status={dispute.status} /> · {t(`disputes.reason.${dispute.reason}`)}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
};
