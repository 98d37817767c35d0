import { REPORT_REASON_MAX } from "@el/domain/messages/message-contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { reportConversation } from "../api/report-conversation";

/** "Denunciar conversa": asks the moderators to read it, with the reason; only a reported conversation can be read by them. */
export const ReportConversation = ({ conversationId }: { conversationId: number }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [blank, setBlank] = useState(false);
  const report = useMutation((text: string) => reportConversation(conversationId, text));
  if (report.status === "success")
    return (
      <p className="alert alert-success" role="status">
        {t("messages.report.sent")}
      </p>
    );
  return (
    <div className="message-report">
      <button
        type="button"
        className="btn btn-small btn-outline"
        aria-expanded={open}
        aria-controls="message-report-form"
        onClick={() => setOpen((shown) => !shown)}
      >
        {t("messages.report.open")}
      </button>
      {open && (
        <form
          id="message-report-form"
          className="card message-report-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const text = reason.trim();
            setBlank(text.length === 0);
            if (text.length > 0) void report.run(text);
          }}
        >
          <div className="form-field">
            <label htmlFor="message-report-reason">{t("messages.report.reason")}</label>
            <textarea
              id="message-report-reason"
              rows={3}
              maxLength={REPORT_REASON_MAX}
              value={reason}
              aria-invalid={blank ? true : undefined}
              aria-describedby={blank ? "message-report-blank" : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {blank && (
              <p id="message-report-blank" className="field-error" role="alert">
                {t("error.messages.reasonEmpty")}
              </p>
            )}
          </div>
          {report.status === "error" && <ErrorAlert error={report.error} />}
          <div className="actions">
            <button type="submit" className="btn btn-danger" disabled={report.status === "running"}>
              {t("messages.report.submit")}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              {t("messages.report.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
};
