import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";
import { ListTable } from "../../../components/list/list-table";
import { RowActions } from "../../../components/list/row-actions";
import { SearchBox } from "../../../components/list/search-box";
import { SortableHeader } from "../../../components/list/sortable-header";
import { useListParams } from "../../../lib/list-params";
import { useResource } from "../../../lib/use-resource";
import { type FeedbackKind, getStudentFeedbacks, getTeacherFeedbacks } from "../api/feedbacks-api";
import { type AnyFeedback, authorText, kindText, lessonText, noteText } from "./feedback-texts";

export const FEEDBACK_PAGE_SIZE = 20;

const load = (kind: FeedbackKind, search: string, query: { page: number; size: number; sort: string }) =>
  kind === "student" ? getStudentFeedbacks(search, query) : getTeacherFeedbacks(search, query);

/**
 * /gerencia/feedback-aluno and /gerencia/feedback-professor: the feedback of one side of the lessons,
 * searched (Buscar, Limpar), sortable by ID, note and information, with the item count, 5 page buttons
 * and each row's view, edit and delete (spec section 2).
 */
export const FeedbacksPage = ({ kind }: { kind: FeedbackKind }) => {
  const { t } = useTranslation();
  const params = useListParams("id", "desc");
  const query = params.get("query");
  const list = useResource<{ items: AnyFeedback[]; total: number }>(
    () => load(kind, query, params.apiQuery(FEEDBACK_PAGE_SIZE)),
    `${kind}|${params.key}`,
  );
  const order = (column: string) => (params.field === column ? params.order : undefined);
  const sortable = (field: string, label: string) => (
    <SortableHeader label={t(label)} order={order(field)} onSort={() => params.sortBy(field)} />
  );

  return (
    <section>
      <h2>{kindText(t, kind, "title")}</h2>
      <SearchBox
        label={t("adminSections.feedback.searchPlaceholder")}
        searchLabel={t("adminSections.feedback.searchButton")}
        clearLabel={t("adminSections.feedback.clear")}
        text={query}
        onSearch={(text) => params.filter({ query: text.trim() })}
      />
      <ListTable
        list={list}
        empty={kindText(t, kind, "empty")}
        count={(total) => t("adminSections.feedback.count", { count: total })}
        columns={
          <>
            {sortable("id", "adminSections.feedback.id")}
            <th>{t("adminSections.feedback.lesson")}</th>
            <th>{t(kind === "student" ? "adminSections.feedback.student" : "adminSections.feedback.teacher")}</th>
            {kind === "teacher" && <th>{t("adminSections.feedback.status")}</th>}
            {sortable("note", "adminSections.feedback.note")}
            {sortable("information", "adminSections.feedback.information")}
            <th />
          </>
        }
        row={(feedback) => (
          <tr key={feedback.id}>
            <td>{feedback.id}</td>
            <td>{lessonText(feedback)}</td>
            <td>{authorText(kind, feedback)}</td>
            {kind === "teacher" && (
              <td>
                {"status" in feedback && feedback.status !== null
                  ? t(`adminSections.feedback.statuses.${feedback.status}`)
                  : ""}
              </td>
            )}
            <td>{noteText(t, feedback.note)}</td>
            <td>{feedback.information}</td>
            <td>
              <RowActions id={feedback.id} />
            </td>
          </tr>
        )}
        paging={{ params, pageSize: FEEDBACK_PAGE_SIZE }}
      />
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
