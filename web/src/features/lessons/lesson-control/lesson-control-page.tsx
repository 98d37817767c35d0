import type { LessonControlFilters } from "@el/domain/lessons/lesson-control-view";
import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ListHeading } from "../../../components/list/list-heading";
import { Pagination } from "../../../components/pagination/pagination";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { downloadFile } from "../../../lib/download";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useListParams } from "../../../lib/list-params";
import { formatReais } from "../../../lib/money";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import {
  exportPath,
  getLessonPage,
  getLessonTotals,
  getPeople,
  LESSON_PAGE_SIZE,
  nameOf,
} from "../api/lesson-control-api";

/** Spec section 9: lesson lists show up to 20 page buttons. */
const PAGE_BUTTONS = 20;
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** The Ano filter's "Todos", as the URL says it (no year in the URL is the current year). */
const ALL_YEARS = "todos";

const numberOrUndefined = (text: string) => (text === "" ? undefined : Number(text));

/** The filters as the URL holds them: `year` (absent: this year; `todos`: every year), `month`, `teacherId`, `studentId`. */
const filtersOf = (params: ReturnType<typeof useListParams>, currentYear: number) => {
  const year = params.get("year");
  const form = {
    year: year === "" ? String(currentYear) : year,
    month: params.get("month"),
    teacherId: params.get("teacherId"),
    studentId: params.get("studentId"),
  };
  const filters: LessonControlFilters = {
    year: form.year === ALL_YEARS ? undefined : numberOrUndefined(form.year),
    month: numberOrUndefined(form.month),
    teacherId: numberOrUndefined(form.teacherId),
    studentId: numberOrUndefined(form.studentId),
  };
  return { form, filters };
};

/**
 * /gerencia/aula, lesson control: the lessons that stand, latest first, filtered by Ano, Mês, Professor and
 * Aluno (applied with Pesquisar, kept in the URL with the page), the totals of those filters in reais, the
 * export of them with both feedbacks (CSV or XLSX), Criar aula, and per lesson edit and delete.
 */
export const LessonControlPage = () => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = useListParams("scheduling.date", "desc");
  const currentYear = wallClockOf(new Date()).year;
  const { form, filters } = filtersOf(params, currentYear);
  const [draft, setDraft] = useState(form);
  const list = useResource(() => getLessonPage(params.page - 1, filters), params.key);
  const totals = useResource(() => getLessonTotals(filters), params.key);
  const teachers = useResource(() => getPeople("teacher"), "teachers");
  const students = useResource(() => getPeople("student"), "students");
  const download = useMutation((format: "csv" | "xlsx") =>
    downloadFile(exportPath(format, filters), `controle-de-aulas.${format}`),
  );
  const reload = () => {
    list.reload();
    totals.reload();
  };

  const searchLessons = (event: FormEvent) => {
    event.preventDefault();
    params.filter({
      year: draft.year === String(currentYear) ? undefined : draft.year,
      month: draft.month,
      teacherId: draft.teacherId,
      studentId: draft.studentId,
    });
  };
  const choose = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({ ...previous, [name]: event.target.value }));

  return (
    <section>
      <ListHeading title={t("adminLessons.title")} createLabel={t("adminLessons.create")} />
      <form className="accept-filters" onSubmit={searchLessons} aria-label={t("adminLessons.filters.label")}>
        <div className="form-field">
          <label htmlFor="lessons-year">{t("adminLessons.filters.year")}</label>
          <select id="lessons-year" value={draft.year} onChange={choose("year")}>
            {[currentYear, currentYear - 1, currentYear - 2].map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
            <option value={ALL_YEARS}>{t("adminLessons.filters.all")}</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="lessons-month">{t("adminLessons.filters.month")}</label>
          <select id="lessons-month" value={draft.month} onChange={choose("month")}>
            <option value="">{t("adminLessons.filters.all")}</option>
            {MONTHS.map((month) => (
              <option key={month} value={String(month)}>
                {t(`adminLessons.months.${month}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="lessons-teacher">{t("adminLessons.filters.teacher")}</label>
          <select id="lessons-teacher" value={draft.teacherId} onChange={choose("teacherId")}>
            <option value="">{t("adminLessons.filters.all")}</option>
            {teachers.status === "ready" &&
              teachers.data.map((teacher) => (
                <option key={teacher.id} value={String(teacher.id)}>
                  {nameOf(teacher)}
                </option>
              ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="lessons-student">{t("adminLessons.filters.student")}</label>
          <select id="lessons-student" value={draft.studentId} onChange={choose("studentId")}>
            <option value="">{t("adminLessons.filters.all")}</option>
            {students.status === "ready" &&
              students.data.map((student) => (
                <option key={student.id} value={String(student.id)}>
                  {nameOf(student)}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          {t("adminLessons.filters.search")}
        </button>
      </form>
      {teachers.status === "failed" && <ErrorAlert error={teachers.error} />}
      {students.status === "failed" && <ErrorAlert error={students.error} />}

      <section className="card" aria-label={t("adminLessons.totals.title")}>
        <h3>{t("adminLessons.totals.title")}</h3>
        {totals.status === "loading" && <Loading />}
        {totals.status === "failed" && <ErrorAlert error={totals.error} />}
        {totals.status === "ready" && (
          <dl className="totals">
            <dt>{t("adminLessons.totals.lessons")}</dt>
            <dd>{totals.data.lessons}</dd>
            <dt>{t("adminLessons.totals.teacherCost")}</dt>
            <dd>{formatReais(totals.data.teacherCost)}</dd>
            <dt>{t("adminLessons.totals.revenue")}</dt>
            <dd>{formatReais(totals.data.revenue)}</dd>
          </dl>
        )}
      </section>

      <p className="actions">
        {t("adminLessons.export.label")}{" "}
        {(["csv", "xlsx"] as const).map((format) => (
          <a
            key={format}
            href={exportPath(format, filters)}
            className="btn btn-small btn-outline"
            aria-disabled={download.status === "running"}
            onClick={(event) => {
              event.preventDefault();
              void download.run(format);
            }}
          >
            {t(`adminLessons.export.${format}`)}
          </a>
        ))}
      </p>
      {download.status === "error" && <ErrorAlert error={download.error} />}

      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && list.data.content.length === 0 && <Empty>{t("adminLessons.empty")}</Empty>}
      {list.status === "ready" && list.data.content.length > 0 && (
        <>
          <div className="table-wrapper">
            <table className="table">
              <thead>
                <tr>
                  <th>{t("adminLessons.columns.student")}</th>
                  <th>{t("adminLessons.columns.level")}</th>
                  <th>{t("adminLessons.columns.objective")}</th>
                  <th>{t("adminLessons.columns.title")}</th>
                  <th>{t("adminLessons.columns.date")}</th>
                  <th>{t("adminLessons.columns.time")}</th>
                  <th>{t("adminLessons.columns.teacher")}</th>
                  <th>{t("adminLessons.columns.payment")}</th>
                  <th>{t("adminLessons.columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.content.map((lesson) => (
                  <tr key={lesson.id}>
                    <td>{nameOf(lesson.student)}</td>
                    <td>{lesson.level.name}</td>
                    <td>{t(`lessons.objective.${lesson.objective}`, { defaultValue: lesson.objective })}</td>
                    <td>{lesson.trail.title}</td>
                    <td>{formatDay(lesson.startsAt)}</td>
                    <td>{formatTime(lesson.startsAt)}</td>
                    <td>{lesson.teacher ? nameOf(lesson.teacher) : t("adminLessons.noTeacher")}</td>
                    <td>{t(lesson.payment ? "adminLessons.paid" : "adminLessons.pending")}</td>
                    <td>
                      <div className="actions">
                        <Link to={`${lesson.id}${search}`} className="btn btn-small btn-outline">
                          {t("adminLessons.detail.view")}
                        </Link>
                        <Link to={`${lesson.id}/edit${search}`} className="btn btn-small btn-outline">
                          {t("gerencia.actions.edit")}
                        </Link>
                        {lesson.teacher && Date.parse(lesson.startsAt) > Date.now() && (
                          <Link to={`${lesson.id}/unassign${search}`} className="btn btn-small btn-outline">
                            {t("adminLessons.unassign.action")}
                          </Link>
                        )}
                        <Link to={`${lesson.id}/delete${search}`} className="btn btn-small btn-danger">
                          {t("adminLessons.delete.action")}
                        </Link>
                        <HistoryLink of={{ lesson: lesson.id }} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={params.page - 1}
            totalItems={list.data.totalElements}
            pageSize={LESSON_PAGE_SIZE}
            maxButtons={PAGE_BUTTONS}
            onPage={(index) => params.go({ page: index + 1 })}
          />
        </>
      )}
      <Outlet context={{ reload }} />
    </section>
  );
};
