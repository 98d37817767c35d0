import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { ApiError } from "../../../lib/api";
import { useResource } from "../../../lib/use-resource";
import { getUser } from "../api/get-user";
import type { User } from "../api/user";

/** The two kinds of user the teacher and student management screens handle. */
export type ManagedKind = "teacher" | "student";

export const LIST_PATH: Record<ManagedKind, string> = {
  teacher: "/gerencia/professor",
  student: "/gerencia/aluno",
};

/** `api/users/{login}` answers for any kind; an administrator's login under /gerencia/aluno is not a student. */
const loadManagedUser = async (kind: ManagedKind, login: string) => {
  try {
    const user = await getUser(login);
    return user.kind === kind ? user : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** Loads a teacher or student by login and shows it through `children`, or says it is loading, failed or missing. */
export const LoadedUser = ({
  kind,
  login,
  children,
}: {
  kind: ManagedKind;
  login: string;
  children: (user: User) => ReactNode;
}) => {
  const { t } = useTranslation();
  const user = useResource(() => loadManagedUser(kind, login), `${kind}|${login}`);
  if (user.status === "loading") return <Loading />;
  if (user.status === "failed") return <ErrorAlert error={user.error} />;
  if (user.data === null)
    return (
      <div className="alert alert-warning" role="alert">
        {t(kind === "teacher" ? "gerencia.teachers.notFound" : "gerencia.students.notFound", { login })}
      </div>
    );
  return <>{children(user.data)}</>;
};
