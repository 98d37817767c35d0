import { useTranslation } from "react-i18next";
import { AreaLayout } from "../../components/area/area-layout";

/** The administration menu of spec section 2; each section's screens come from its own feature. */
const MENU = [
  { to: "/gerencia/aula", key: "lessons" },
  { to: "/gerencia/agendamento", key: "schedulings" },
  { to: "/gerencia/quadro", key: "board" },
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

export const GerenciaHome = () => {
  const { t } = useTranslation();
  return (
    <div className="card">
      <p>{t("gerencia.home.welcome")}</p>
    </div>
  );
};
