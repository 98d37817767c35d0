import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { useListParams } from "../../../lib/list-params";
import { formatReais } from "../../../lib/money";
import { useFilterForm } from "../../../lib/use-filter-form";
import { useResource } from "../../../lib/use-resource";
import { getPayments, getPaymentsTotal, type PaymentFilters } from "../api/payments-api";
import { MONTHS, yearOptions } from "../history/year-options";
import { dateTime, personName } from "./payment-texts";

export const PAYMENT_PAGE_SIZE = 20;

/**
 * /gerencia/pagamento: the payments made to teachers (one per held lesson, R$ 25), by the lesson's year
 * and month, with their count and sum; a payment can be undone (the lesson is owed again). Paying is done
 * from the teacher's page (/gerencia/professor/{login}).
 */
export const PaymentsPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = useListParams("date", "desc");
  const filters: PaymentFilters = { year: params.get("year"), month: params.get("month") };
  const list = useResource(() => getPayments(filters, params.apiQuery(PAYMENT_PAGE_SIZE)), params.key);
  const total = useResource(() => getPaymentsTotal(filters), `${filters.year}|${filters.month}|${params.key}`);

  return (
    <section>
      <h2>{t("adminSections.payments.title")}</h2>
      <PaymentFilterForm key={params.key} initial={filters} onSearch={(chosen) => params.filter({ ...chosen })} />
      {total.status === "ready" && (
        <p>
          {t("adminSections.payments.total", {
            count: total.data.count,
            amount: formatReais(total.data.totalAmount),
          })}
        </p>
      )}
      <ListTable
        list={list}
        empty={t("adminSections.payments.empty")}
        columns={
          <>
            <th>{t("adminSections.payments.id")}</th>
            <th>{t("adminSections.payments.teacher")}</th>
            <th>{t("adminSections.payments.student")}</th>
            <th>{t("adminSections.payments.trail")}</th>
            <th>{t("adminSections.payments.lessonDate")}</th>
            <th>{t("adminSections.payments.value")}</th>
            <th>{t("adminSections.payments.date")}</th>
            <th />
          </>
        }
        row={(payment) => (
          <tr key={payment.id}>
            <td>
              <Link to={`${payment.id}${search}`}>{payment.id}</Link>
            </td>
            <td>{personName(payment.teacher)}</td>
            <td>{personName(payment.lesson.student)}</td>
            <td>{`${payment.lesson.trail.number} - ${payment.lesson.trail.title}`}</td>
            <td>{dateTime(payment.lesson.date)}</td>
            <td>{formatReais(payment.value)}</td>
            <td>{dateTime(payment.date)}</td>
            <td>
              <RowActions id={payment.id} edit={false} remove={false}>
                <Link to={`${payment.id}/delete${search}`} className="btn btn-small btn-danger">
                  {t("adminSections.payments.undo")}
                </Link>
              </RowActions>
            </td>
          </tr>
        )}
        paging={{ params, pageSize: PAYMENT_PAGE_SIZE }}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};

const PaymentFilterForm = ({
  initial,
  onSearch,
}: {
  initial: PaymentFilters;
  onSearch: (filters: PaymentFilters) => void;
}) => {
  const { t } = useTranslation();
  const { chosen, choose, submit } = useFilterForm(initial, onSearch);
  return (
    <form className="actions" role="search" onSubmit={submit}>
      <label className="form-field">
        {t("adminSections.history.year")}
        <select value={chosen.year} onChange={choose("year")}>
          <option value="">{t("adminSections.all")}</option>
          {yearOptions().map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
      <label className="form-field">
        {t("adminSections.history.month")}
        <select value={chosen.month} onChange={choose("month")}>
          <option value="">{t("adminSections.all")}</option>
          {MONTHS.map((month) => (
            <option key={month} value={month}>
              {t(`adminSections.months.${month}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary">
        {t("adminSections.search")}
      </button>
    </form>
  );
};
