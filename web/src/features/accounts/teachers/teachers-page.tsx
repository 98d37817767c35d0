import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { TeacherRating } from "../../../components/teachers/teacher-rating";
import type { User } from "../api/user";
import { type Column, UserDirectory } from "../users/user-directory";
import { FlaggedBadge, useFlaggedTeachers } from "./flagged-badge";

/**
 * /gerencia/professor: teachers and applications; activating an application accepts the teacher. Rows
 * open the teacher's profile and its form; a teacher flagged by a pattern of no-shows is badged "Sinalizado".
 */
export const TeachersPage = () => {
  const { t } = useTranslation();
  const flagged = useFlaggedTeachers();
  const columns: Column[] = useMemo(
    () => [
      { key: "email", label: t("gerencia.users.email"), value: (user) => user.email },
      { key: "phone", label: t("gerencia.users.phone"), value: (user) => user.phone ?? "" },
      {
        key: "debt",
        label: t("gerencia.teachers.payments"),
        value: (user) => (user.hasMissingPayment ? 1 : 0),
        // Not given from a replay (another read model than the users'): a dash, not a guess.
        render: (user) =>
          user.hasMissingPayment === null
            ? t("audit.replayView.notGiven")
            : t(user.hasMissingPayment ? "gerencia.teachers.inDebt" : "gerencia.teachers.settled"),
      },
      {
        key: "rating",
        label: t("gerencia.teachers.rating"),
        // Unrated teachers sort below the lowest average.
        value: (user) => user.rating?.average ?? -1,
        render: (user) =>
          user.rating === null ? (
            t("audit.replayView.notGiven")
          ) : (
            <TeacherRating rating={user.rating ?? { average: null, count: 0 }} />
          ),
      },
      {
        key: "flagged",
        label: t("gerencia.teachers.absences"),
        value: (user) => flagged.get(user.id)?.disputes ?? 0,
        // A replay's list is of another moment than today's flags: a dash, not a guess.
        render: (user) => {
          if (user.hasMissingPayment === null) return t("audit.replayView.notGiven");
          const teacher = flagged.get(user.id);
          return teacher ? <FlaggedBadge teacher={teacher} /> : null;
        },
      },
    ],
    [t, flagged],
  );
  return (
    <UserDirectory
      kind="teacher"
      title={t("gerencia.teachers.title")}
      createLabel={t("gerencia.teachers.create")}
      columns={columns}
      badgeLabels={(user: User) => ({
        on: "gerencia.users.activatedBadge",
        off: user.accepted === false ? "gerencia.teachers.application" : "gerencia.users.deactivatedBadge",
      })}
    />
  );
};
