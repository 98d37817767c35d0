import { FinanceMonthView } from "@el/domain/lessons/scheduling-view";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { api } from "../../../lib/api";
import { useSession } from "../../../lib/session/session-provider";
import { useLiveFeed, useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";

const FinanceMonth = FinanceMonthView.pick({
  year: true,
  month: true,
  totalLessons: true,
  value: true,
  paidLessons: true,
  owedLessons: true,
  upcomingLessons: true,
  status: true,
});
type FinanceMonth = z.infer<typeof FinanceMonth>;

const fetchFinance = async (login: string) =>
  z.array(FinanceMonth).parse(await api.get(`api/lessons/teacher/${encodeURIComponent(login)}`));

const reais = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

const BADGES: Record<FinanceMonth["status"], string> = {
  paid: "badge-success",
  pending: "badge-danger",
  scheduled: "badge-scheduled",
};

/**
 * Financeiro: one card per month of lessons, filtered by year and by situation: "A receber" while a
 * lesson given is not paid, "Agendada" while the rest is still to come, "Pago" once all were given and
 * paid; each card tells how many lessons are which. A month turns to paid while the teacher watches: the
 * administrator's payment pushes `payment:changed` and the cards are read again; so are they after a
 * dropped connection, which may have lost such a push.
 */
export const TeacherFinance = () => {
  const { t } = useTranslation();
  const { account } = useSession();
  const login = account?.login ?? "";
  const months = useResource(() => fetchFinance(login), `finance:${login}`);
  const { reload } = months;
  useLivePush("payment:changed", reload);
  const feed = useLiveFeed();
  useEffect(() => feed?.onReconnect(reload), [feed, reload]);
  const currentYear = new Date().getFullYear();
  const [year, setYear] = useState(String(currentYear));
  const [status, setStatus] = useState<"" | FinanceMonth["status"]>("");
  if (months.status === "loading") return <Loading />;
  if (months.status === "failed") return <ErrorAlert error={months.error} />;
  const years = [...new Set([currentYear, currentYear - 1, ...months.data.map((month) => month.year)])].sort(
    (a, b) => b - a,
  );
  const shown = months.data.filter((month) => String(month.year) === year && (!status || month.status === status));
  return (
    <section className="area-section" aria-label={t("teacher.menu.finance")}>
      <div className="accept-filters">
        <div className="form-field">
          <label htmlFor="finance-year">{t("teacher.finance.year")}</label>
          <select id="finance-year" value={year} onChange={(event) => setYear(event.target.value)}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="finance-status">{t("teacher.finance.status")}</label>
          <select
            id="finance-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as "" | FinanceMonth["status"])}
          >
            <option value="">{t("teacher.accept.all")}</option>
            <option value="paid">{t("teacher.finance.paid")}</option>
            <option value="pending">{t("teacher.finance.pending")}</option>
            <option value="scheduled">{t("teacher.finance.scheduled")}</option>
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="alert alert-warning" role="status">
          {t("teacher.finance.none")}
        </p>
      ) : (
        <div className="finance-cards">
          {shown.map((month) => (
            <article key={`${month.year}-${month.month}`} className={`card finance-card finance-card-${month.status}`}>
              <h3>
                {t(`teacher.months.${month.month}`)} {month.year}
              </h3>
              <p>{t("teacher.finance.lessons", { count: month.totalLessons })}</p>
              <p className="finance-value">{reais.format(month.value)}</p>
              <ul className="finance-parts">
                {month.paidLessons > 0 && <li>{t("teacher.finance.paidCount", { count: month.paidLessons })}</li>}
                {month.owedLessons > 0 && <li>{t("teacher.finance.owedCount", { count: month.owedLessons })}</li>}
                {month.upcomingLessons > 0 && (
                  <li>{t("teacher.finance.upcomingCount", { count: month.upcomingLessons })}</li>
                )}
              </ul>
              <span className={`badge ${BADGES[month.status]}`}>{t(`teacher.finance.${month.status}`)}</span>
            </article>
          ))}
        </div>
      )}
    </section>
  );
};
