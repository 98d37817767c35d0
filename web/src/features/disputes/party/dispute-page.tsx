import type { DisputeView } from "@el/domain/disputes/dispute-contracts";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useSession } from "../../../lib/session/session-provider";
import { useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { answerDispute } from "../api/answer-dispute";
import { getDispute } from "../api/get-dispute";
import { DisputeDetails, lessonWhen } from "../dispute-details";
import { DisputeTextForm } from "../dispute-text-form";
import "../disputes.css";

/** /disputas/:id: both sides read the report, the answer and the decision; the other side answers within 48 h. */
export const DisputePage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const dispute = useResource(() => getDispute(id), `dispute-${id}`);
  useLivePush("dispute:changed", (push) => {
    if (push.disputeId === id) dispute.reload();
  });
  return (
    <section className="dispute-page" aria-labelledby="dispute-title">
      {dispute.status === "loading" && <Loading />}
      {dispute.status === "failed" && <ErrorAlert error={dispute.error} />}
      {dispute.status === "ready" && (
        <>
          <h2 id="dispute-title">{t("disputes.title", { date: lessonWhen(dispute.data.lessonDate) })}</h2>
          <div className="card">
            <DisputeDetails dispute={dispute.data} />
          </div>
          <AnswerForm dispute={dispute.data} onAnswered={dispute.reload} />
        </>
      )}
      <p>
        <Link to=".." relative="path">
          {t("disputes.mine")}
        </Link>
      </p>
    </section>
  );
};

const AnswerForm = ({ dispute, onAnswered }: { dispute: DisputeView; onAnswered: () => void }) => {
  const { t } = useTranslation();
  const teacher = useSession().account?.authorities.includes("ROLE_TEACHER") ?? false;
  const otherSide = dispute.openedBy === (teacher ? "STUDENT" : "TEACHER");
  if (!otherSide || dispute.status !== "OPEN") return null;
  if (Date.parse(dispute.answerDeadline) < Date.now()) return <p>{t("disputes.answerClosed")}</p>;
  return (
    <DisputeTextForm
      fieldId="dispute-answer"
      label={t("disputes.answerLabel")}
      hint={t("disputes.answerUntil", { date: lessonWhen(dispute.answerDeadline) })}
      submitLabel={t("disputes.sendAnswer")}
      send={(comment) => answerDispute(dispute.id, { comment })}
      onSent={onAnswered}
    />
  );
};
