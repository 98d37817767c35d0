import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { grantCredits } from "../api/grant-credits";
import { fullName, type User } from "../api/user";
import { type Column, UserDirectory } from "../users/user-directory";

/** /gerencia/aluno: students, their balance, activation and a credit grant; rows open the profile and its form. */
export const StudentsPage = () => {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<{ user: User; reload: () => void }>();
  const columns: Column[] = useMemo(
    () => [
      { key: "email", label: t("gerencia.users.email"), value: (user) => user.email },
      { key: "phone", label: t("gerencia.users.phone"), value: (user) => user.phone ?? "" },
      { key: "balance", label: t("gerencia.students.balance"), value: (user) => user.balance ?? 0 },
    ],
    [t],
  );
  return (
    <>
      <UserDirectory
        kind="student"
        title={t("gerencia.students.title")}
        createLabel={t("gerencia.students.create")}
        columns={columns}
        actions={(user, reload) => (
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setGranting({ user, reload })}>
            {t("gerencia.students.grant")}
          </button>
        )}
      />
      {granting && (
        <GrantCreditsModal
          user={granting.user}
          onClose={() => setGranting(undefined)}
          onGranted={() => {
            granting.reload();
            setGranting(undefined);
          }}
        />
      )}
    </>
  );
};

const GrantCreditsModal = ({
  user,
  onClose,
  onGranted,
}: {
  user: User;
  onClose: () => void;
  onGranted: () => void;
}) => {
  const { t } = useTranslation();
  const [amount, setAmount] = useState("1");
  const valid = /^\d+$/.test(amount) && Number(amount) >= 1;
  const grant = useMutation(async () => {
    await grantCredits(user.login, Number(amount));
    onGranted();
  });
  return (
    <Modal title={t("gerencia.students.grantTitle", { name: fullName(user) })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void grant.run(undefined);
        }}
      >
        {grant.status === "error" && <ErrorAlert error={grant.error} />}
        <div className="form-field">
          <label htmlFor="grant-amount">{t("gerencia.students.amount")}</label>
          <input
            id="grant-amount"
            type="number"
            min={1}
            step={1}
            value={amount}
            aria-invalid={!valid || undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {!valid && <span className="field-error">{t("gerencia.students.amountInvalid")}</span>}
        </div>
        <div className="actions" style={{ marginBottom: 16 }}>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("global.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || grant.status === "running"}>
            {t("gerencia.students.grant")}
          </button>
        </div>
      </form>
    </Modal>
  );
};
