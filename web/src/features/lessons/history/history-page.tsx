import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { SortableHeader } from "../../../components/list/sortable-header";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useListParams } from "../../../lib/list-params";
import { formatReais } from "../../../lib/money";
import { useFilterForm } from "../../../lib/use-filter-form";
import { useResource } from "../../../lib/use-resource";
import { getLessonHistory, getLessonHistoryTotals, type HistoryFilters } from "../api/lesson-history-api";
import { getPeople } from "../api/people-api";
import { brazilianDate, MONTHS, yearOptions } from "./year-options";

export const HISTORY_PAGE_SIZE = 10;
const FILTERS = ["year", "month", "teacherId", "studentId"] as const;

/**
 * /gerencia/historico: the lessons that took place, read-only, filtered by Ano, Mês, Professor and Aluno
 * (kept in the URL with the page), with the totals panel for the same filters; each row opens its detail.
 */
export const HistoryPage = () => {
  const { t } = useTranslation();
  const params = useListParams("date", "desc");
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)])) as unknown as HistoryFilters;
  const list = useResource(() => getLessonHistory(filters, params.apiQuery(HISTORY_PAGE_SIZE)), params.key);
  const totals = useResource(() => getLessonHistoryTotals(filters), FILTERS.map((name) => params.get(name)).join("|"));
  const order = (column: string) => (params.field === column ? params.order : undefined);

  return (
    <section>
      <h2>{t("adminSections.history.title")}</h2>
      <HistoryFilterForm key={params.key} initial={filters} onSearch={(chosen) => params.filter({ ...chosen })} />
      {totals.status === "failed" && <ErrorAlert error={totals.error} />}
      {totals.status === "ready" && (
        <dl className="card details" aria-label={t("adminSections.history.totals.title")}>
          <dt>{t("adminSections.history.totals.lessons")}</dt>
          <dd>{totals.data.lessons}</dd>
          <dt>{t("adminSections.history.totals.teacherValue")}</dt>
          <dd>{formatReais(totals.data.teacherValue)}</dd>
          <dt>{t("adminSections.history.totals.totalValue")}</dt>
          <dd>{formatReais(totals.data.totalValue)}</dd>
          <dt>{t("adminSections.history.totals.paidValue")}</dt>
          <dd>{formatReais(totals.data.paidValue)}</dd>
        </dl>
      )}
      <ListTable
        list={list}
        empty={t("adminSections.history.empty")}
        columns={
          <>
            <th>{t("adminSections.history.teacher")}</th>
            <th>{t("adminSections.history.student")}</th>
            <th>{t("adminSections.history.level")}</th>
            <th>{t("adminSections.history.objective")}</th>
            <th>{t("adminSections.history.classTitle")}</th>
            <SortableHeader
              label={t("adminSections.history.date")}
              order={order("date")}
              onSort={() => params.sortBy("date")}
            />
            <th>{t("adminSections.history.hour")}</th>
            <th>{t("adminSections.history.teacherValue")}</th>
            <th>{t("adminSections.history.totalValue")}</th>
            <th>{t("adminSections.history.payment")}</th>
            <th />
          </>
        }
        row={(lesson) => (
          <tr key={lesson.id}>
            <td>{lesson.teacherName}</td>
            <td>{lesson.studentName}</td>
            <td>{lesson.level.name}</td>
            <td>{t(`adminSections.objective.${lesson.objective}`, { defaultValue: lesson.objective })}</td>
            <td>{lesson.classTitle}</td>
            <td>{brazilianDate(lesson.date)}</td>
            <td>{lesson.hour}</td>
            <td>{formatReais(lesson.teacherValue)}</td>
            <td>{formatReais(lesson.totalValue)}</td>
            <td>{t(lesson.payment ? "adminSections.paid" : "adminSections.pending")}</td>
            <td>
              <RowActions id={lesson.id} edit={false} remove={false}>
                <Link to={`/gerencia/aula/${lesson.id}`} className="btn btn-small btn-outline">
                  {t("adminLessons.detail.open")}
                </Link>
                <HistoryLink of={{ lesson: lesson.id }} />
              </RowActions>
            </td>
          </tr>
        )}
        paging={{ params, pageSize: HISTORY_PAGE_SIZE, maxButtons: 20 }}
      />
    </section>
  );
};

/** Ano, Mês, Professor, Aluno and Pesquisar: the choices apply when Pesquisar is pressed. */
const HistoryFilterForm = ({
  initial,
  onSearch,
}: {
  initial: HistoryFilters;
  onSearch: (filters: HistoryFilters) => void;
}) => {
  const { t } = useTranslation();
  const { chosen, choose, submit } = useFilterForm(initial, onSearch);
  const teachers = useResource(() => getPeople("teacher"), "teachers");
  const students = useResource(() => getPeople("student"), "students");
  const select = (name: keyof HistoryFilters, label: string, options: { value: string; label: string }[]) => (
    <label className="form-field">
      {label}
      <select value={chosen[name]} onChange={choose(name)}>
        <option value="">{t("adminSections.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  const people = (resource: typeof teachers) =>
    resource.status === "ready"
      ? resource.data.map((person) => ({ value: String(person.id), label: person.name }))
      : [];
  return (
    <form className="actions" role="search" onSubmit={submit}>
      {select(
        "year",
        t("adminSections.history.year"),
        yearOptions().map((year) => ({ value: year, label: year })),
      )}
      {select(
        "month",
        t("adminSections.history.month"),
        MONTHS.map((month) => ({ value: month, label: t(`adminSections.months.${month}`) })),
      )}
      {select("teacherId", t("adminSections.history.teacher"), people(teachers))}
      {select("studentId", t("adminSections.history.student"), people(students))}
      <button type="submit" className="btn btn-primary">
        {t("adminSections.search")}
      </button>
    </form>
  );
};
