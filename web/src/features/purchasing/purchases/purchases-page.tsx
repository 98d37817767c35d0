import {
  PAYMENT_METHODS,
  PURCHASE_STATUSES,
  type PurchaseStatus,
  type PurchaseView,
} from "@el/domain/purchasing/purchase-views";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ReplayBanner, useReplayParam } from "../../../components/audit/replay-banner";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { SortableHeader } from "../../../components/list/sortable-header";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { getStudents, type StudentOption, studentName } from "../../../lib/accounts/get-students";
import { useListParams } from "../../../lib/list-params";
import { formatReais } from "../../../lib/money";
import { useFilterForm } from "../../../lib/use-filter-form";
import { useResource } from "../../../lib/use-resource";
import { getPurchaseTotal } from "../api/get-purchase-total";
import { getPurchases } from "../api/get-purchases";
import { FILTER_FIELDS, type FilterValues, purchaseFilterOf } from "./purchase-filter";
import { dateText, methodText, packagesText } from "./purchase-texts";

export const PURCHASE_PAGE_SIZE = 20;

/** A boleto or Pix still unpaid can be confirmed by hand (card payments are confirmed by the gateway). */
export const canMarkPaid = (purchase: Pick<PurchaseView, "status" | "method">) =>
  (["AWAIT_PAYMENT", "PENDING"] satisfies PurchaseStatus[]).some((status) => status === purchase.status) &&
  (purchase.method === "BANKSLIP" || purchase.method === "PIX");

export const canRefund = (purchase: Pick<PurchaseView, "status">) => purchase.status === "PAID";

/** What the confirmation modals need from the list they stand over. */
export interface PurchasesOutlet {
  reload: () => void;
  purchases: readonly PurchaseView[];
}

/**
 * /gerencia/compra: every purchase, newest first, filtered by status, method, student and period (kept in
 * the URL with the page), what the filter paid in all, and the administrator's two corrections: marking a
 * boleto or Pix paid, and refunding a paid purchase, each after a confirmation. With `?replay=<id>` (issue
 * 12), the purchases as they stood at that replay's moment, read-only: no correction, no live detail.
 */
export const PurchasesPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = useListParams("date", "desc");
  const values = Object.fromEntries(FILTER_FIELDS.map((field) => [field, params.get(field)])) as FilterValues;
  const filter = purchaseFilterOf(values);
  const filterKey = JSON.stringify(filter);
  const replay = useReplayParam();
  // A replay holds the purchases alone, not the students: its student filter offers none.
  const students = useResource(
    () => (replay ? Promise.resolve([] as StudentOption[]) : getStudents()),
    `students|${replay ?? ""}`,
  );
  const list = useResource(() => getPurchases(filter, params.apiQuery(PURCHASE_PAGE_SIZE), replay), params.key);
  const total = useResource(() => getPurchaseTotal(filter, replay), `${filterKey}|${replay ?? ""}`);
  const reload = () => {
    list.reload();
    total.reload();
  };
  const order = (column: string) => (params.field === column ? params.order : undefined);

  return (
    <section>
      {replay && <ReplayBanner replay={replay} />}
      <h2>{t("adminPurchasing.purchases.title")}</h2>
      <PurchaseFilters
        key={filterKey}
        initial={values}
        students={students.status === "ready" ? students.data : []}
        onSearch={(next) => params.filter(next)}
      />
      {students.status === "failed" && <ErrorAlert error={students.error} />}
      <div className="card" aria-label={t("adminPurchasing.purchases.totalPaid")} role="group">
        {total.status === "loading" && <Loading />}
        {total.status === "failed" && <ErrorAlert error={total.error} />}
        {total.status === "ready" && (
          <p>
            <strong>
              {t("adminPurchasing.purchases.totalPaid")}: {formatReais(total.data.total)}
            </strong>{" "}
            · {t("adminPurchasing.purchases.paidCount", { count: total.data.count })}
          </p>
        )}
      </div>
      <ListTable
        list={list}
        empty={t("adminPurchasing.purchases.empty")}
        columns={
          <>
            <th>{t("adminPurchasing.purchases.id")}</th>
            <SortableHeader
              label={t("adminPurchasing.purchases.date")}
              order={order("date")}
              onSort={() => params.sortBy("date")}
            />
            <th>{t("adminPurchasing.purchases.student")}</th>
            <th>{t("adminPurchasing.purchases.packages")}</th>
            <th>{t("adminPurchasing.purchases.method")}</th>
            <th>{t("adminPurchasing.purchases.status")}</th>
            <SortableHeader
              label={t("adminPurchasing.purchases.total")}
              order={order("total")}
              onSort={() => params.sortBy("total")}
            />
            <th>{t("adminPurchasing.purchases.coupon")}</th>
            <th />
          </>
        }
        row={(purchase) => (
          <tr key={purchase.id}>
            <td>{purchase.id}</td>
            <td>{dateText(purchase.date)}</td>
            <td>{studentName(purchase.student)}</td>
            <td>{packagesText(t, purchase)}</td>
            <td>{methodText(t, purchase)}</td>
            <td>
              {t(`adminPurchasing.status.${purchase.status}`)}
              {purchase.reconciled && (
                <>
                  {" "}
                  <span className="badge" title={t("adminPurchasing.purchases.reconciledHint")}>
                    {t("adminPurchasing.purchases.reconciled")}
                  </span>
                </>
              )}
            </td>
            <td>{formatReais(purchase.total)}</td>
            <td>{purchase.coupon?.code ?? "—"}</td>
            <td>
              {replay ? (
                <HistoryLink of={{ purchase: purchase.id }} />
              ) : (
                <RowActions id={purchase.id} edit={false} remove={false}>
                  {canMarkPaid(purchase) && (
                    <Link to={`${purchase.id}/paid${search}`} className="btn btn-small btn-primary">
                      {t("adminPurchasing.purchases.markPaid")}
                    </Link>
                  )}
                  {canRefund(purchase) && (
                    <Link to={`${purchase.id}/refund${search}`} className="btn btn-small btn-danger">
                      {t("adminPurchasing.purchases.refund")}
                    </Link>
                  )}
                  <HistoryLink of={{ purchase: purchase.id }} />
                </RowActions>
              )}
            </td>
          </tr>
        )}
        paging={{ params, pageSize: PURCHASE_PAGE_SIZE }}
      />
      <Outlet
        context={{ reload, purchases: list.status === "ready" ? list.data.items : [] } satisfies PurchasesOutlet}
      />
    </section>
  );
};

const EMPTY_FILTER: FilterValues = { status: "", method: "", studentId: "", from: "", to: "" };

const periodIsInvalid = ({ from, to }: FilterValues) => from !== "" && to !== "" && from > to;

/** The filter form: nothing is asked of the server until Pesquisar; Limpar shows every purchase again. */
const PurchaseFilters = ({
  initial,
  students,
  onSearch,
}: {
  initial: FilterValues;
  students: readonly StudentOption[];
  onSearch: (values: FilterValues) => void;
}) => {
  const { t } = useTranslation();
  const { chosen, choose, submit, clear } = useFilterForm(initial, (filters) => {
    if (!periodIsInvalid(filters)) onSearch(filters);
  });
  const periodInvalid = periodIsInvalid(chosen);
  return (
    <form
      className="card"
      role="search"
      aria-label={t("adminPurchasing.purchases.filters")}
      noValidate
      onSubmit={submit}
    >
      <div className="actions" style={{ flexWrap: "wrap", alignItems: "flex-end" }}>
        <div className="form-field">
          <label htmlFor="purchase-status">{t("adminPurchasing.purchases.status")}</label>
          <select id="purchase-status" value={chosen.status} onChange={choose("status")}>
            <option value="">{t("adminPurchasing.purchases.allStatuses")}</option>
            {PURCHASE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`adminPurchasing.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="purchase-method">{t("adminPurchasing.purchases.method")}</label>
          <select id="purchase-method" value={chosen.method} onChange={choose("method")}>
            <option value="">{t("adminPurchasing.purchases.allStatuses")}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`adminPurchasing.method.${method}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="purchase-student">{t("adminPurchasing.purchases.student")}</label>
          <select id="purchase-student" value={chosen.studentId} onChange={choose("studentId")}>
            <option value="">{t("adminPurchasing.purchases.all")}</option>
            {students.map((student) => (
              <option key={student.id} value={student.id}>
                {studentName(student)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="purchase-from">{t("adminPurchasing.purchases.from")}</label>
          <input
            id="purchase-from"
            type="date"
            value={chosen.from}
            aria-invalid={periodInvalid || undefined}
            onChange={choose("from")}
          />
        </div>
        <div className="form-field">
          <label htmlFor="purchase-to">{t("adminPurchasing.purchases.to")}</label>
          <input
            id="purchase-to"
            type="date"
            value={chosen.to}
            aria-invalid={periodInvalid || undefined}
            onChange={choose("to")}
          />
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary">
            {t("adminPurchasing.purchases.search")}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => clear(EMPTY_FILTER)}>
            {t("adminPurchasing.purchases.clear")}
          </button>
        </div>
      </div>
      {periodInvalid && (
        <span className="field-error" role="alert">
          {t("adminPurchasing.validate.period")}
        </span>
      )}
    </form>
  );
};
