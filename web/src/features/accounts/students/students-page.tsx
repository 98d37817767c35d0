import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { fetchLevels } from "../../../lib/catalog/catalog-api";
import { useLevelName } from "../../../lib/catalog/level-name";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { grantCredits } from "../api/grant-credits";
import { fullName, type User } from "../api/user";
import { type Column, type DirectoryFilter, UserDirectory } from "../users/user-directory";

/**
 * /gerencia/aluno: students, their level, balance, activation and a credit grant; rows open the profile and its
 * form. The list filters by any level of the catalogue (Business and Preparação para entrevista included, spec
 * section 2), kept in the URL as `level=<id>`.
 */
export const StudentsPage = () => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const [granting, setGranting] = useState<{ user: User; reload: () => void }>();
  const levels = useResource(fetchLevels, "student-levels");
  const levelOf = useMemo(() => {
    const names = new Map(levels.status === "ready" ? levels.data.map((level) => [level.id, level.name]) : []);
    return (user: User) => {
      const name = user.level == null ? undefined : names.get(user.level);
      return name === undefined ? "" : levelName(name);
    };
  }, [levels, levelName]);
  const columns: Column[] = useMemo(
    () => [
      { key: "email", label: t("gerencia.users.email"), value: (user) => user.email },
      { key: "phone", label: t("gerencia.users.phone"), value: (user) => user.phone ?? "" },
      { key: "level", label: t("gerencia.students.level"), value: levelOf },
      { key: "balance", label: t("gerencia.students.balance"), value: (user) => user.balance ?? 0 },
    ],
    [t, levelOf],
  );
  const filter: DirectoryFilter = useMemo(
    () => ({
      param: "level",
      label: t("gerencia.students.level"),
      anyLabel: t("gerencia.students.anyLevel"),
      options:
        levels.status === "ready"
          ? levels.data.map((level) => ({ value: String(level.id), label: levelName(level.name) }))
          : [],
      matches: (user, value) => String(user.level) === value,
    }),
    [t, levels, levelName],
  );
  return (
    <>
      <UserDirectory
        kind="student"
        title={t("gerencia.students.title")}
        createLabel={t("gerencia.students.create")}
        columns={columns}
        filter={filter}
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
