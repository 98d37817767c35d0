import { TeacherLanguage, TeacherSpeciality } from "@el/domain/accounts/teacher-profile";
import { DIRECTORY_SORTS } from "@el/domain/directory/directory-contracts";
import type { DirectoryRequest } from "../api/get-teachers";

export const DIRECTORY_PAGE_SIZE = 12;

export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** The directory's filters as the URL keeps them: each a string, '' when not chosen. */
export interface DirectoryFilters {
  q: string;
  speciality: string;
  language: string;
  levelId: string;
  minRating: string;
  freeThisWeek: string;
}

export const FILTER_NAMES = ["q", "speciality", "language", "levelId", "minRating", "freeThisWeek"] as const;
export const NO_FILTERS: DirectoryFilters = {
  q: "",
  speciality: "",
  language: "",
  levelId: "",
  minRating: "",
  freeThisWeek: "",
};

/** The filters, order and page a URL names; anything it does not understand is left out. */
export const directoryStateOf = (search: URLSearchParams) => {
  const filters = { ...NO_FILTERS };
  for (const name of FILTER_NAMES) filters[name] = search.get(name) ?? "";
  const sort = DIRECTORY_SORTS.find((known) => known === search.get("sort")) ?? "relevance";
  const page = Number(search.get("page"));
  return { filters, sort, page: Number.isInteger(page) && page >= 1 ? page : 1 };
};

/** What `GET api/teachers` is asked for a URL's filters, order and page (one-based in the URL, zero-based in the API). */
export const directoryQueryOf = ({ filters, sort, page }: ReturnType<typeof directoryStateOf>): DirectoryRequest => {
  const speciality = TeacherSpeciality.safeParse(filters.speciality);
  const language = TeacherLanguage.safeParse(filters.language);
  const levelId = Number(filters.levelId);
  const minRating = Number(filters.minRating);
  return {
    q: filters.q.trim() || undefined,
    speciality: speciality.success ? speciality.data : undefined,
    language: language.success ? language.data : undefined,
    levelId: Number.isInteger(levelId) && levelId > 0 ? levelId : undefined,
    minRating: filters.minRating && minRating > 0 && minRating <= 5 ? minRating : undefined,
    freeThisWeek: filters.freeThisWeek === "true" ? true : undefined,
    sort,
    page: page - 1,
    size: DIRECTORY_PAGE_SIZE,
  };
};

/** The URL of chosen filters and order, back on the first page; empty choices are left out. */
export const directorySearchOf = (filters: DirectoryFilters, sort: DirectorySort, page = 1) => {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name].trim()) search.set(name, filters[name].trim());
  if (sort !== "relevance") search.set("sort", sort);
  if (page > 1) search.set("page", String(page));
  return search;
};
