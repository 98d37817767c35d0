import { DIRECTORY_SORTS } from "@el/domain/directory/directory-contracts";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { Pagination } from "../../../components/pagination/pagination";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { fetchLevels } from "../../../lib/catalog/catalog-api";
import { useResource } from "../../../lib/use-resource";
import { getTeachers } from "../api/get-teachers";
import "../directory.css";
import { DirectoryFilterForm } from "./directory-filters";
import {
  DIRECTORY_PAGE_SIZE,
  type DirectorySort,
  directoryQueryOf,
  directorySearchOf,
  directoryStateOf,
} from "./directory-query";
import { TeacherDirectoryCard } from "./teacher-directory-card";

/**
 * /professores, for anyone signed in or not: the active teachers as cards, searched by name, filtered
 * and sorted, a page at a time. Filters, order and page live in the URL, so a search can be shared and
 * Back returns to it.
 */
export const TeacherDirectoryPage = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const state = directoryStateOf(search);
  const key = directorySearchOf(state.filters, state.sort, state.page).toString();
  const teachers = useResource(() => getTeachers(directoryQueryOf(state)), key);
  const levels = useResource(fetchLevels, "levels");

  return (
    <section className="page directory-page" aria-labelledby="directory-title">
      <h1 id="directory-title">{t("directory.title")}</h1>
      <p>{t("directory.intro")}</p>
      <DirectoryFilterForm
        key={key}
        initial={state.filters}
        levels={levels.status === "ready" ? levels.data : []}
        onSearch={(filters) => setSearch(directorySearchOf(filters, state.sort))}
      />
      <div className="directory-toolbar">
        <p aria-live="polite">
          {teachers.status === "ready" && t("directory.found", { count: teachers.data.totalElements })}
        </p>
        <label className="form-field directory-sort">
          {t("directory.sort.label")}
          <select
            value={state.sort}
            onChange={(event) => setSearch(directorySearchOf(state.filters, event.target.value as DirectorySort))}
          >
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`directory.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {teachers.status === "loading" && <Loading />}
      {teachers.status === "failed" && <ErrorAlert error={teachers.error} />}
      {teachers.status === "ready" &&
        (teachers.data.content.length === 0 ? (
          <Empty>{t("directory.empty")}</Empty>
        ) : (
          <>
            <ul className="directory-cards">
              {teachers.data.content.map((teacher) => (
                <li key={teacher.id}>
                  <TeacherDirectoryCard teacher={teacher} />
                </li>
              ))}
            </ul>
            <Pagination
              page={state.page - 1}
              totalItems={teachers.data.totalElements}
              pageSize={DIRECTORY_PAGE_SIZE}
              maxButtons={7}
              onPage={(page) => setSearch(directorySearchOf(state.filters, state.sort, page + 1))}
            />
          </>
        ))}
    </section>
  );
};
