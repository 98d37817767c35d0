import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useResource } from "../../../lib/use-resource";
import { getReportedConversations } from "../api/get-reported-conversations";
import "../messages.css";

/** "Conversas denunciadas": the conversations a party reported, the latest report first, each with its reasons. */
export const ReportedConversationsPage = () => {
  const { t } = useTranslation();
  const queue = useResource(getReportedConversations, "reported-conversations");
  return (
    <section className="reported-conversations" aria-labelledby="reported-title">
      <h2 id="reported-title">{t("messages.moderation.title")}</h2>
      {queue.status === "loading" && <Loading />}
      {queue.status === "failed" && <ErrorAlert error={queue.error} />}
      {queue.status === "ready" &&
        (queue.data.length === 0 ? (
          <p role="status">{t("messages.moderation.none")}</p>
        ) : (
          <ul className="reported-list">
            {queue.data.map((conversation) => {
              const parties = { student: conversation.student.name, teacher: conversation.teacher.name };
              const nameOf = (id: number) =>
                id === conversation.student.id
                  ? parties.student
                  : id === conversation.teacher.id
                    ? parties.teacher
                    : "";
              return (
                <li key={conversation.id} className="card reported-item">
                  <h3>{t("messages.moderation.between", parties)}</h3>
                  <ul className="reported-reasons">
                    {conversation.reports.map((report) => (
                      <li key={`${report.by}-${report.at}`}>
                        {t("messages.moderation.reportedBy", {
                          name: nameOf(report.by),
                          date: formatDay(report.at),
                          time: formatTime(report.at),
                        })}
                        <blockquote>{report.reason}</blockquote>
                      </li>
                    ))}
                  </ul>
                  <Link
                    to={`/gerencia/conversas/${conversation.id}`}
                    className="btn btn-small btn-primary"
                    aria-label={t("messages.moderation.readOf", parties)}
                  >
                    {t("messages.moderation.read")}
                  </Link>
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
};
