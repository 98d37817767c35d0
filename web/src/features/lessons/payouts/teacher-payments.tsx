import { TEACHER_PAYMENT_CENTS } from "@el/domain/lessons/lesson";
import type { TeacherLessonPaymentView } from "@el/domain/lessons/payment-view";
import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import { fullName } from "@el/domain/shared/full-name";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { formatReais } from "../../../lib/money";
import { teacherPaymentsMachine } from "./teacher-payments.machine";

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * The teacher detail's payments: the lessons the teacher claimed in a month (São Paulo calendar), by
 * trail, student, date and time, each with its Quitado / Débito toggle (Débito pays the lesson, Quitado
 * undoes the payment), and "Pagar todas deste mês" for every lesson of the month given and still owed,
 * once the administrator confirmed how many and how much.
 */
export const TeacherPayments = ({ login }: { login: string }) => {
  const { t } = useTranslation();
  const today = wallClockOf(new Date());
  const payments = useActorRef(teacherPaymentsMachine, {
    input: { login, period: { year: today.year, month: today.month } },
  });
  const snapshot = useSelector(payments, (state) => state);
  const { period, lessons, changing, error } = snapshot.context;
  const busy = !snapshot.matches({ ready: "idle" });
  const owed = lessons.filter((lesson) => lesson.payable && !lesson.payment);
  const owedAmount = formatReais((owed.length * TEACHER_PAYMENT_CENTS) / 100);
  const choose = (changes: Partial<typeof period>) =>
    payments.send({ type: "period.chosen", period: { ...period, ...changes } });

  return (
    <section className="teacher-payments" aria-label={t("gerencia.payments.title")}>
      <h3>{t("gerencia.payments.title")}</h3>
      <div className="accept-filters">
        <div className="form-field">
          <label htmlFor="payments-year">{t("gerencia.payments.year")}</label>
          <select
            id="payments-year"
            value={period.year}
            onChange={(event) => choose({ year: Number(event.target.value) })}
          >
            {[today.year, today.year - 1, today.year - 2].map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="payments-month">{t("gerencia.payments.month")}</label>
          <select
            id="payments-month"
            value={period.month}
            onChange={(event) => choose({ month: Number(event.target.value) })}
          >
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {t(`gerencia.months.${month}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {snapshot.matches("loading") ? (
        <Loading />
      ) : snapshot.matches("failed") ? (
        <>
          <ErrorAlert error={error} />
          <button type="button" className="btn btn-primary" onClick={() => payments.send({ type: "payments.retry" })}>
            {t("gerencia.payments.retry")}
          </button>
        </>
      ) : (
        <>
          <p role="status">
            {t("gerencia.payments.summary", {
              count: lessons.length,
              owed: owedAmount,
            })}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || owed.length === 0}
            onClick={() => payments.send({ type: "month.paid" })}
          >
            {t("gerencia.payments.payMonth")}
          </button>
          {snapshot.matches({ ready: "confirmingMonth" }) && (
            <Modal
              title={t("gerencia.payments.confirmTitle")}
              onClose={() => payments.send({ type: "month.kept" })}
              footer={
                <>
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => payments.send({ type: "month.kept" })}
                  >
                    {t("global.cancel")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => payments.send({ type: "month.confirmed" })}
                  >
                    {t("gerencia.payments.confirm", { amount: owedAmount })}
                  </button>
                </>
              }
            >
              <p>
                {t("gerencia.payments.confirmQuestion", {
                  count: owed.length,
                  amount: owedAmount,
                  month: t(`gerencia.months.${period.month}`),
                  year: period.year,
                })}
              </p>
            </Modal>
          )}
          {error !== null && <ErrorAlert error={error} />}
          {lessons.length === 0 ? (
            <p className="alert alert-warning">{t("gerencia.payments.none")}</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>{t("gerencia.payments.trail")}</th>
                  <th>{t("gerencia.payments.student")}</th>
                  <th>{t("gerencia.payments.date")}</th>
                  <th>{t("gerencia.payments.time")}</th>
                  <th>{t("gerencia.payments.payment")}</th>
                </tr>
              </thead>
              <tbody>
                {lessons.map((lesson) => (
                  <tr key={lesson.lessonId}>
                    <td>
                      {lesson.trail.number} - {lesson.trail.title}
                    </td>
                    <td>{fullName(lesson.student)}</td>
                    <td>{formatDay(lesson.startsAt)}</td>
                    <td>{formatTime(lesson.startsAt)}</td>
                    <td>
                      <PaymentToggle
                        lesson={lesson}
                        disabled={busy}
                        sending={changing === lesson.lessonId}
                        onPay={() => payments.send({ type: "lesson.paid", lessonId: lesson.lessonId })}
                        onUnpay={() => payments.send({ type: "lesson.unpaid", lessonId: lesson.lessonId })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
};

/** Quitado (paid: a click undoes it), Débito (owed: a click pays it), or why the lesson is not payable. */
const PaymentToggle = ({
  lesson,
  disabled,
  sending,
  onPay,
  onUnpay,
}: {
  lesson: TeacherLessonPaymentView;
  disabled: boolean;
  sending: boolean;
  onPay: () => void;
  onUnpay: () => void;
}) => {
  const { t } = useTranslation();
  if (lesson.payment)
    return (
      <button
        type="button"
        className="btn btn-success btn-sm"
        aria-pressed="true"
        title={t("gerencia.payments.undo")}
        disabled={disabled}
        aria-busy={sending}
        onClick={onUnpay}
      >
        {t("gerencia.payments.settled")}
      </button>
    );
  if (lesson.payable)
    return (
      <button
        type="button"
        className="btn btn-danger btn-sm"
        aria-pressed="false"
        title={t("gerencia.payments.pay")}
        disabled={disabled}
        aria-busy={sending}
        onClick={onPay}
      >
        {t("gerencia.payments.debit")}
      </button>
    );
  return <span>{t(lesson.reportedNotHeld ? "gerencia.payments.notHeld" : "gerencia.payments.upcoming")}</span>;
};
