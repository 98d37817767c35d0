import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getDispute } from "../api/get-dispute";
import { resolveDispute } from "../api/resolve-dispute";
import { DisputeDetails, lessonWhen } from "../dispute-details";
import { DisputeTextForm } from "../dispute-text-form";
import "../disputes.css";

/** /gerencia/disputas/:id: the dispute, and while unresolved the form that settles it. */
export const ResolveDisputePage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const dispute = useResource(() => getDispute(id), `dispute-${id}`);
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
          {dispute.data.status !== "RESOLVED" && <ResolveForm id={id} onResolved={dispute.reload} />}
        </>
      )}
      <p>
        <Link to="/gerencia/disputas">{t("disputes.back")}</Link>
      </p>
    </section>
  );
};

const ResolveForm = ({ id, onResolved }: { id: number; onResolved: () => void }) => {
  const { t } = useTranslation();
  const [refundStudent, setRefundStudent] = useState(false);
  const [payTeacher, setPayTeacher] = useState(true);
  return (
    <DisputeTextForm
      fieldId="dispute-resolution"
      label={t("disputes.queue.reasonLabel")}
      submitLabel={t("disputes.queue.resolve")}
      labelledBy="resolve-title"
      send={(reason) => resolveDispute(id, { refundStudent, payTeacher, reason })}
      onSent={onResolved}
    >
      <h3 id="resolve-title">{t("disputes.queue.resolve")}</h3>
      <label className="form-check">
        <input type="checkbox" checked={refundStudent} onChange={(event) => setRefundStudent(event.target.checked)} />{" "}
        {t("disputes.queue.refundStudent")}
      </label>
      <label className="form-check">
        <input type="checkbox" checked={payTeacher} onChange={(event) => setPayTeacher(event.target.checked)} />{" "}
        {t("disputes.queue.payTeacher")}
      </label>
    </DisputeTextForm>
  );
};
