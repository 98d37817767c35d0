import type { DisputeView } from "@el/domain/disputes/dispute-contracts";
import { useTranslation } from "react-i18next";
import { formatDay, formatTime } from "../../lib/lessons/lesson-time";

export const lessonWhen = (instant: string) => `${formatDay(instant)} ${formatTime(instant)}`;

export const DisputeStatusBadge = ({ status }: { status: DisputeView["status"] }) => {
  const { t } = useTranslation();
  return <span className={`dispute-badge dispute-${status}`}>{t(`disputes.status.${status}`)}</span>;
};

/** What both sides and the back office read of a dispute: who, why, the answer and the decision. */
export const DisputeDetails = ({ dispute }: { dispute: DisputeView }) => {
  const { t } = useTranslation();
  return (
    <div className="dispute-details">
      <p>
        <DisputeStatusBadge status={dispute.status} /> {t(`disputes.openedBy.${dispute.openedBy}`)}
      </p>
      <dl>
        <dt>{t("disputes.lesson")}</dt>
        <dd>{lessonWhen(dispute.lessonDate)}</dd>
        <dt>{t("disputes.student")}</dt>
        <dd>{dispute.student.name}</dd>
        <dt>{t("disputes.teacher")}</dt>
        <dd>{dispute.teacher.name}</dd>
        <dt>{t("disputes.reasonLabel")}</dt>
        <dd>{t(`disputes.reason.${dispute.reason}`)}</dd>
        <dt>{t("disputes.comment")}</dt>
        <dd className="dispute-text">{dispute.comment}</dd>
        <dt>{t("disputes.answer")}</dt>
        <dd className="dispute-text">{dispute.answer ? dispute.answer.comment : t("disputes.noAnswer")}</dd>
      </dl>
      <section aria-labelledby={`dispute-${dispute.id}-resolution`}>
        <h3 id={`dispute-${dispute.id}-resolution`}>{t("disputes.resolution")}</h3>
        {dispute.resolution ? (
          <>
            <p className="dispute-text">{dispute.resolution.reason}</p>
            <ul>
              <li>{t(dispute.resolution.refundStudent ? "disputes.refunded" : "disputes.notRefunded")}</li>
              <li>{t(dispute.resolution.payTeacher ? "disputes.paid" : "disputes.withheld")}</li>
            </ul>
          </>
        ) : (
          <p>{t("disputes.waiting")}</p>
        )}
      </section>
    </div>
  );
};
