import { adminStreams } from "@el/domain/accounts/admin-account";
import { studentStreams } from "@el/domain/accounts/student-account";
import { teacherStreams } from "@el/domain/accounts/teacher-account";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { purchaseStreams } from "@el/domain/purchasing/purchase";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { hasAnyAuthority } from "../../lib/session/account";
import { useSession } from "../../lib/session/session-provider";

/** A record of the back office, named by the event stream it was decided on (the domain builds every id). */
export type HistoryOf =
  | { lesson: number }
  | { purchase: number }
  | { user: { id: number; login: string; authorities: readonly string[] } };

/**
 * A person's stream follows what they are: an administrator's account is kept by login, a teacher's and a
 * student's by id (a person with no role of those has no account stream, and so no history link).
 */
export const historyStreamOf = (of: HistoryOf): string | undefined => {
  if ("lesson" in of) return lessonStreams.id(of.lesson);
  if ("purchase" in of) return purchaseStreams.id(of.purchase);
  const { id, login, authorities } = of.user;
  if (authorities.includes("ROLE_ADMIN")) return adminStreams.id(login);
  if (authorities.includes("ROLE_TEACHER")) return teacherStreams.id(id);
  if (authorities.includes("ROLE_STUDENT")) return studentStreams.id(id);
  return undefined;
};

/** "Histórico": the record's stream page under /auditoria, shown only to those who may read it (auditors, administrators). */
export const HistoryLink = ({ of, className = "btn btn-small btn-outline" }: { of: HistoryOf; className?: string }) => {
  const { t } = useTranslation();
  const { account } = useSession();
  const stream = historyStreamOf(of);
  if (!stream || !hasAnyAuthority(account, ["ROLE_AUDITOR", "ROLE_ADMIN"])) return null;
  return (
    <Link to={`/auditoria/fluxos/${encodeURIComponent(stream)}`} className={className}>
      {t("audit.link.history")}
    </Link>
  );
};
