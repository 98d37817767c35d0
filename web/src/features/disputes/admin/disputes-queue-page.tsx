import type { DisputeStatus } from "@el/domain/disputes/dispute-contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getDisputes } from "../api/get-disputes";
import { getFlaggedTeachers } from "../api/get-flagged-teachers";
import { DisputeStatusBadge, lessonWhen } from "../dispute-details";
import "../disputes.css";

const STATUSES: DisputeStatus[] = ["OPEN", "ANSWERED", "RESOLVED"];

/** /gerencia/disputas: the queue, open ones first by default, and the teachers flagged by their disputes. */
export const DisputesQueuePage = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DisputeStatus | "">("OPEN");
  const disputes = useResource(() => getDisputes(status || undefined), `disputes-${status}`);
  const flagged = useResource(getFlaggedTeachers, "flagged-teachers");
  const flaggedIds = new Set(flagged.status === "ready" ? flagged.data.map((teacher) => teacher.teacherId) : []);
  return (
    <section className="dispute-page" aria-labelledby="disputes-title">
      <h2 id="disputes-title">{t("disputes.queue.title")}</h2>
      <section className="card" aria-labelledby="flagged-title">
        <h3 id="flagged-title">{t("disputes.queue.flagged")}</h3>
        <p>{t("disputes.queue.flaggedHint")}</p>
        {flagged.status === "loading" && <Loading />}
        {flagged.status === "failed" && <ErrorAlert error={flagged.error} />}
        {flagged.status === "ready" &&
          (flagged.data.length === 0 ? (
            <p>{t("disputes.queue.noFlagged")}</p>
          ) : (
            <ul aria-labelledby="flagged-title">
              {flagged.data.map((teacher) => (
                <li key={teacher.teacherId}>
                  {teacher.name}{" "}
                  <span className="dispute-badge dispute-flagged">
                    {t("disputes.queue.flaggedBadge", { count: teacher.disputes })}
                  </span>
                </li>
              ))}
            </ul>
          ))}
      </section>
      <label htmlFor="disputes-status">{t("disputes.queue.filter")}</label>{" "}
      <select
        id="disputes-status"
        value={status}
        onChange={(event) => setStatus(event.target.value as DisputeStatus | "")}
      >
        <option value="">{t("disputes.queue.all")}</option>
        {STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`disputes.status.${value}`)}
          </option>
        ))}
      </select>
      {disputes.status === "loading" && <Loading />}
      {disputes.status === "failed" && <ErrorAlert error={disputes.error} />}
      {disputes.status === "ready" &&
        (disputes.data.length === 0 ? (
          <p className="card">{t("disputes.queue.none")}</p>
        ) : (
          <ul className="dispute-list">
            {disputes.data.map((dispute) => (
              <li key={dispute.id} className="card">
                <p>
                  <DisputeStatusBadge status={dispute.status} /> {t(`disputes.reason.${dispute.reason}`)} ·{" "}
                  {lessonWhen(dispute.lessonDate)}
                </p>
                <p>
                  {t("disputes.student")}: {dispute.student.name} · {t("disputes.teacher")}: {dispute.teacher.name}
                  {flaggedIds.has(dispute.teacher.id) && (
                    <>
                      {" "}
                      <span className="dispute-badge dispute-flagged">{t("disputes.queue.flagged")}</span>
                    </>
                  )}
                </p>
                <Link to={`/gerencia/disputas/${dispute.id}`}>{t("disputes.queue.open")}</Link>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
};
