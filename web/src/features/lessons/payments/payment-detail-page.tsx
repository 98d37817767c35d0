import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatReais } from "../../../lib/money";
import { useResource } from "../../../lib/use-resource";
import { getPayment } from "../api/payments-api";
import { dateTime, personName } from "./payment-texts";

/**
 * /gerencia/pagamento/{id}: one payment to a teacher (spec section 3, Payment: id, value, date, lesson),
 * read-only, with the lesson it paid (its history entry) and the undo the list also offers.
 */
export const PaymentDetailPage = () => {
  const { t } = useTranslation();
  const id = useParams().id ?? "";
  const { search } = useLocation();
  const payment = useResource(() => getPayment(Number(id)), id);
  return (
    <section className="card">
      <h2>
        {t("adminSections.payments.detail")} [<b>{id}</b>]
      </h2>
      {payment.status === "loading" && <Loading />}
      {payment.status === "failed" && <ErrorAlert error={payment.error} />}
      {payment.status === "ready" && (
        <dl className="details">
          <dt>{t("adminSections.payments.id")}</dt>
          <dd>{payment.data.id}</dd>
          <dt>{t("adminSections.payments.value")}</dt>
          <dd>{formatReais(payment.data.value)}</dd>
          <dt>{t("adminSections.payments.date")}</dt>
          <dd>{dateTime(payment.data.date)}</dd>
          <dt>{t("adminSections.payments.teacher")}</dt>
          <dd>{personName(payment.data.teacher)}</dd>
          <dt>{t("adminSections.payments.lesson")}</dt>
          <dd>
            <Link to={`/gerencia/historico/${payment.data.lesson.id}`}>{payment.data.lesson.id}</Link>
          </dd>
          <dt>{t("adminSections.payments.student")}</dt>
          <dd>{personName(payment.data.lesson.student)}</dd>
          <dt>{t("adminSections.payments.trail")}</dt>
          <dd>{`${payment.data.lesson.trail.number} - ${payment.data.lesson.trail.title}`}</dd>
          <dt>{t("adminSections.payments.lessonDate")}</dt>
          <dd>{dateTime(payment.data.lesson.date)}</dd>
        </dl>
      )}
      <div className="actions">
        <Link to={`/gerencia/pagamento${search}`} className="btn btn-outline">
          {t("gerencia.actions.back")}
        </Link>
        {payment.status === "ready" && (
          <>
            <Link to={`/gerencia/pagamento/${payment.data.id}/delete${search}`} className="btn btn-danger">
              {t("adminSections.payments.undo")}
            </Link>
            <HistoryLink of={{ lesson: payment.data.lesson.id }} className="btn btn-outline" />
          </>
        )}
      </div>
    </section>
  );
};
