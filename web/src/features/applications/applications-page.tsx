import { fullName } from "@el/domain/shared/full-name";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal/modal";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";

export interface TeacherApplication {
  id: number;
  login: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  experience: string | null;
  appliedAt: string;
}

const fetchApplications = () => api.get<TeacherApplication[]>("api/teacher-applications");
/** Both answer 204: `true` tells a done call from a failed one (which `useMutation` answers `undefined`). */
const approve = (id: number) => api.post<void>(`api/teacher-applications/${id}/approve`).then(() => true);
const reject = ({ id, reason }: { id: number; reason: string }) =>
  api.post<void>(`api/teacher-applications/${id}/reject`, { reason }).then(() => true);

const nameOf = (application: TeacherApplication) => fullName(application) || application.email;

/** The reason asked before an application is turned down; the applicant reads it in their e-mail. */
const RejectModal = ({
  application,
  onClose,
  onDone,
}: {
  application: TeacherApplication;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const sending = useMutation(reject);
  const submit = async () => {
    if (reason.trim() === "") return;
    if (await sending.run({ id: application.id, reason: reason.trim() })) onDone();
  };
  return (
    <Modal
      title={t("adminApplications.reject.title", { name: nameOf(application) })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t("adminApplications.reject.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={reason.trim() === "" || sending.status === "running"}
            onClick={submit}
          >
            {t("adminApplications.reject.confirm")}
          </button>
        </>
      }
    >
      <div className="form-field">
        <label htmlFor="reject-reason">{t("adminApplications.reject.reason")}</label>
        <textarea
          id="reject-reason"
          maxLength={500}
          rows={4}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="hint">{t("adminApplications.reject.hint")}</p>
      </div>
      {sending.status === "error" && <ErrorAlert error={sending.error} />}
    </Modal>
  );
};

/** Candidaturas: the teacher applications waiting for a decision, oldest first, to approve or turn down. */
export const ApplicationsPage = () => {
  const { t } = useTranslation();
  const applications = useResource(fetchApplications, "teacher-applications");
  const approving = useMutation(approve);
  const [rejecting, setRejecting] = useState<TeacherApplication | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const approveOne = async (application: TeacherApplication) => {
    if (!(await approving.run(application.id))) return;
    setDone(t("adminApplications.approved", { name: nameOf(application) }));
    applications.reload();
  };

  return (
    <section aria-labelledby="applications-title">
      <h2 id="applications-title">{t("adminApplications.title")}</h2>
      {done && <p role="status">{done}</p>}
      {approving.status === "error" && <ErrorAlert error={approving.error} />}
      {applications.status === "loading" && <Loading />}
      {applications.status === "failed" && <ErrorAlert error={applications.error} />}
      {applications.status === "ready" && applications.data.length === 0 && <p>{t("adminApplications.none")}</p>}
      {applications.status === "ready" && applications.data.length > 0 && (
        <ul className="application-list">
          {applications.data.map((application) => (
            <li key={application.id} className="card">
              <h3>{nameOf(application)}</h3>
              <p>
                {application.email}
                {application.phone ? ` · ${application.phone}` : ""}
              </p>
              <p>
                {t("adminApplications.appliedAt", {
                  date: new Date(application.appliedAt).toLocaleDateString("pt-BR"),
                })}
              </p>
              <h4>{t("adminApplications.experience")}</h4>
              <p className="pre-wrap">{application.experience || t("adminApplications.noExperience")}</p>
              <div className="actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={approving.status === "running"}
                  onClick={() => approveOne(application)}
                >
                  {t("adminApplications.approve")}
                </button>
                <button type="button" className="btn btn-danger" onClick={() => setRejecting(application)}>
                  {t("adminApplications.rejectButton")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {rejecting && (
        <RejectModal
          application={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setDone(t("adminApplications.rejected", { name: nameOf(rejecting) }));
            setRejecting(null);
            applications.reload();
          }}
        />
      )}
    </section>
  );
};
