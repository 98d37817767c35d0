import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { TeacherRating } from "../../../components/teachers/teacher-rating";
import { fetchLevels } from "../../../lib/catalog/catalog-api";
import { useResource } from "../../../lib/use-resource";
import { fullName, type User } from "../api/user";
import { FlaggedBadge, useFlaggedTeachers } from "../teachers/flagged-badge";
import { EraseUserButton } from "./erase-user-button";
import { LIST_PATH, LoadedUser, type ManagedKind } from "./managed-user";

/**
 * /gerencia/professor|aluno/{login}: the profile, read-only; a teacher's also lists their lessons of a
 * month with the Quitado / Débito toggle and "Pagar todas deste mês", which app/ hands in as `payments`
 * (the payouts belong to lessons: features do not import each other).
 */
export const ManagedUserDetailPage = ({
  kind,
  payments,
}: {
  kind: ManagedKind;
  /** What follows the profile for this login (and user id): a teacher's lessons to pay, availability, reviews. */
  payments?: (login: string, id: number) => ReactNode;
}) => {
  const { t } = useTranslation();
  const login = useParams().login ?? "";
  const { search } = useLocation();
  const listPath = LIST_PATH[kind];
  return (
    <section className="card">
      <h2>
        {t(kind === "teacher" ? "gerencia.teachers.detail" : "gerencia.students.detail")} [<b>{login}</b>]
      </h2>
      <LoadedUser kind={kind} login={login}>
        {(user) => (
          <>
            <dl className="details">
              <Row label="ID">{user.id}</Row>
              <Row label={t("gerencia.users.name")}>{fullName(user)}</Row>
              <Row label={t("gerencia.users.email")}>{user.email}</Row>
              <Row label={t("gerencia.users.phone")}>{user.phone}</Row>
              <Row label={t("gerencia.users.cpf")}>{user.cpf}</Row>
              <Row label={t("gerencia.users.activated")}>
                {t(
                  user.activated
                    ? "gerencia.users.activatedBadge"
                    : user.accepted === false
                      ? "gerencia.teachers.application"
                      : "gerencia.users.deactivatedBadge",
                )}
              </Row>
              {kind === "teacher" ? <TeacherRows user={user} /> : <StudentRows user={user} />}
            </dl>
            <Link to={`${listPath}/${encodeURIComponent(login)}/edit${search}`} className="btn btn-primary">
              {t("gerencia.actions.edit")}
            </Link>
            <HistoryLink of={{ user }} className="btn btn-outline" />
            <EraseUserButton login={user.login} listPath={`${listPath}${search}`} />
            {payments?.(user.login, user.id)}
          </>
        )}
      </LoadedUser>
      <Link to={`${listPath}${search}`} className="btn btn-outline">
        {t("gerencia.actions.back")}
      </Link>
    </section>
  );
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </>
);

const TeacherRows = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const flagged = useFlaggedTeachers().get(user.id);
  return (
    <>
      {flagged && (
        <Row label={t("gerencia.teachers.absences")}>
          <FlaggedBadge teacher={flagged} /> {t("gerencia.teachers.flaggedDetail", { count: flagged.disputes })}
        </Row>
      )}
      <Row label={t("gerencia.teachers.experience")}>{user.experience}</Row>
      <Row label={t("gerencia.teachers.rating")}>
        <TeacherRating rating={user.rating ?? { average: null, count: 0 }} />
      </Row>
      <Row label={t("gerencia.users.bankNumber")}>{user.bankNumber}</Row>
      <Row label={t("gerencia.users.bankBranch")}>{user.bankBranch}</Row>
      <Row label={t("gerencia.users.bankAccount")}>{user.bankAccount}</Row>
      <Row label={t("gerencia.teachers.payments")}>
        {t(user.hasMissingPayment ? "gerencia.teachers.inDebt" : "gerencia.teachers.settled")}
      </Row>
    </>
  );
};

const StudentRows = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const levels = useResource(fetchLevels, "levels");
  // Until the levels arrive (or if they cannot), the id still tells which level it is.
  const level =
    levels.status === "ready"
      ? (levels.data.find((candidate) => candidate.id === user.level)?.name ?? user.level)
      : user.level;
  return (
    <>
      <Row label={t("gerencia.students.level")}>{level}</Row>
      <Row label={t("gerencia.students.objective")}>
        {user.objective ? t(`gerencia.objective.${user.objective}`, { defaultValue: user.objective }) : null}
      </Row>
      <Row label={t("gerencia.students.balance")}>{user.balance ?? 0}</Row>
      <Row label={t("gerencia.users.cep")}>{user.cep}</Row>
      <Row label={t("gerencia.users.street")}>{user.street}</Row>
      <Row label={t("gerencia.users.number")}>{user.number}</Row>
      <Row label={t("gerencia.users.neighbourhood")}>{user.neighbourhood}</Row>
      <Row label={t("gerencia.users.city")}>{user.city}</Row>
      <Row label={t("gerencia.users.state")}>{user.state}</Row>
      <Row label={t("gerencia.users.country")}>{user.country}</Row>
    </>
  );
};
