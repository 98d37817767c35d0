import {
  type LessonHistoryFilters,
  LessonHistoryTotals,
  LessonHistoryView,
} from "@el/domain/lessons/lesson-history-view";
import { api } from "../../../lib/api";
import { type PageQuery, pageOf } from "../../../lib/page-query";

/** The history screen's filters as the URL holds them, named as `GET api/lesson-histories` takes them; '' means any. */
export type HistoryFilters = Record<keyof LessonHistoryFilters, string>;

const only = (filters: HistoryFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "")) as Record<string, string>;

/** `GET api/lesson-histories?page&size&sort&year&month&teacherId&studentId`. */
export const getLessonHistory = async (filters: HistoryFilters, query: PageQuery) =>
  pageOf(await api.getWithHeaders<unknown>("api/lesson-histories", { ...only(filters), ...query }), LessonHistoryView);

/** `GET api/lesson-histories/totalAmount` with the same filters: the totals panel. */
export const getLessonHistoryTotals = async (filters: HistoryFilters) =>
  LessonHistoryTotals.parse(await api.get("api/lesson-histories/totalAmount", only(filters)));

/** `GET api/lesson-histories/{id}`. */
export const getLessonHistoryEntry = async (id: number) =>
  LessonHistoryView.parse(await api.get(`api/lesson-histories/${id}`));
