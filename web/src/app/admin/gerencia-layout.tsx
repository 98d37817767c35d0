import { isReplayListScreen } from "@el/domain/audit/replays";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { AreaLayout } from "../../components/area/area-layout";
import { hasAnyAuthority } from "../../lib/session/account";
import { PrivateRoute } from "../../lib/session/private-route";
import { useSession } from "../../lib/session/session-provider";

/** The administration menu of spec section 2; each section's screens come from its own feature. */
const MENU = [
  { to: "/gerencia/aula", key: "lessons" },
  { to: "/gerencia/agendamento", key: "schedulings" },
  { to: "/gerencia/quadro", key: "board" },
  { to: "/gerencia/series", key: "series" },
  { to: "/gerencia/conversas", key: "conversations" },
  { to: "/gerencia/disputas", key: "disputes" },
  { to: "/gerencia/professor", key: "teachers" },
  { to: "/gerencia/candidaturas", key: "applications" },
  { to: "/gerencia/aluno", key: "students" },
  { to: "/gerencia/administrador", key: "administrators" },
  { to: "/gerencia/historico", key: "history" },
  { to: "/gerencia/cupom", key: "coupons" },
  { to: "/gerencia/materiais", key: "materials" },
  { to: "/gerencia/niveis", key: "levels" },
  { to: "/gerencia/compra", key: "purchases" },
  { to: "/gerencia/pacote", key: "itemPackages" },
  { to: "/gerencia/pagamento", key: "payments" },
  { to: "/gerencia/trilha", key: "trails" },
  { to: "/gerencia/feedback-aluno", key: "studentFeedbacks" },
  { to: "/gerencia/feedback-professor", key: "teacherFeedbacks" },
  { to: "/admin", key: "administration" },
  { to: "/admin/docs", key: "apiDocs" },
  { to: "/logout", key: "logout" },
] as const;

/**
 * `sections`: the /gerencia paths that have screens; `areas`: the administrators' pages outside /gerencia
 * that have screens (/admin, /admin/docs). The menu links only to those (and to logout).
 */
export const GerenciaLayout = ({
  sections,
  areas = [],
}: {
  sections: readonly (string | undefined)[];
  areas?: readonly string[];
}) => {
  const { t } = useTranslation();
  const shown = MENU.filter((entry) =>
    entry.to.startsWith("/gerencia/")
      ? sections.includes(entry.to.slice("/gerencia/".length))
      : entry.to === "/logout" || areas.includes(entry.to),
  );
  return (
    <AreaLayout
      title={t("gerencia.title")}
      menu={shown.map((entry) => ({ to: entry.to, label: t(`gerencia.menu.${entry.key}`) }))}
    />
  );
};

/** Where an auditor reading a back-office list from a replay can go: the audit screens, not the back office's. */
const AuditorLayout = () => {
  const { t } = useTranslation();
  return (
    <AreaLayout
      title={t("audit.replayView.area")}
      menu={[
        { to: "/auditoria", label: t("audit.replayView.timeline"), end: true },
        { to: "/auditoria/replays", label: t("audit.replayView.replays") },
        { to: "/logout", label: t("audit.replayView.logout") },
      ]}
    />
  );
};

/**
 * /gerencia is for administrators; a back-office list shown from a replay (`?replay=<id>`) lets
 * auditors in too, read-only, with the audit menu instead of the administration's.
 */
export const GerenciaGate = (props: Parameters<typeof GerenciaLayout>[0]) => {
  const { pathname, search } = useLocation();
  const { account } = useSession();
  const replayed = new URLSearchParams(search).has("replay") && isReplayListScreen(pathname);
  const administrator = hasAnyAuthority(account, ["ROLE_ADMIN"]);
  return (
    <PrivateRoute authorities={replayed ? ["ROLE_ADMIN", "ROLE_AUDITOR"] : ["ROLE_ADMIN"]}>
      {administrator || !replayed ? <GerenciaLayout {...props} /> : <AuditorLayout />}
    </PrivateRoute>
  );
};

export const GerenciaHome = () => {
  const { t } = useTranslation();
  return (
    <div className="card">
      <p>{t("gerencia.home.welcome")}</p>
    </div>
  );
};
