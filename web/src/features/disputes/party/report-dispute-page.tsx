import type { DisputeReason } from "@el/domain/disputes/dispute";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../../lib/session/session-provider";
import { openDispute } from "../api/open-dispute";
import { DisputeTextForm } from "../dispute-text-form";
import "../disputes.css";

/** /disputas/relatar/:lessonId: the lesson's student or teacher reports it did not happen. */
export const ReportDisputePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lessonId = Number(useParams().lessonId);
  const teacher = useSession().account?.authorities.includes("ROLE_TEACHER") ?? false;
  const [reason, setReason] = useState<DisputeReason>(teacher ? "STUDENT_ABSENT" : "TEACHER_ABSENT");
  const reasons: DisputeReason[] = ["TEACHER_ABSENT", "STUDENT_ABSENT", "TECHNICAL"];
  return (
    <section className="dispute-page" aria-labelledby="report-title">
      <h2 id="report-title">{t("disputes.reportTitle")}</h2>
      <p>{t("disputes.reportIntro")}</p>
      <DisputeTextForm
        fieldId="dispute-comment"
        label={t("disputes.commentLabel")}
        submitLabel={t("disputes.send")}
        sendingLabel={t("disputes.sending")}
        send={(comment) => openDispute(lessonId, { reason, comment })}
        onSent={(created) => navigate(`../../${created.id}`, { relative: "path" })}
      >
        <fieldset>
          <legend>{t("disputes.reasonLabel")}</legend>
          {reasons.map((value) => (
            <label key={value} className="form-check">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />{" "}
              {t(`disputes.reason.${value}`)}
            </label>
          ))}
        </fieldset>
      </DisputeTextForm>
    </section>
  );
};
