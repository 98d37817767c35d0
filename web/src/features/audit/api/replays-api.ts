import { ReplayableProjections, ReplayList, ReplayView } from "@el/domain/audit/replays";
import { LessonControlPage, LessonControlTotals } from "@el/domain/lessons/lesson-control-view";
import { api } from "../../../lib/api";

/** `GET /api/audit/replays`: every replay kept, newest first. */
export const listReplays = async () => ReplayList.parse(await api.get<unknown>("api/audit/replays"));

/** `GET /api/audit/replays/projections`: the read models a replay can rebuild. */
export const listReplayableProjections = async () =>
  ReplayableProjections.parse(await api.get<unknown>("api/audit/replays/projections"));

/** `GET /api/audit/replays/{id}`. */
export const getReplay = async (id: string) => ReplayView.parse(await api.get<unknown>(`api/audit/replays/${id}`));

/**
 * `POST /api/audit/replays { projection, at }`: answered 202 at once with the replay running; its progress
 * arrives as `replay:progress` pushes (and in the list).
 */
export const startReplay = (projection: string, at: string) =>
  api.post<unknown>("api/audit/replays", { projection, at });

/** `DELETE /api/audit/replays/{id}`: drops it and its tables. */
export const deleteReplay = (id: string) => api.delete<unknown>(`api/audit/replays/${id}`);

/** The lesson-control list of a finished replay: `GET /api/lessons?replay=<id>`, the live list's own contract. */
export const getReplayLessons = async (id: string, page: number, size: number) =>
  LessonControlPage.parse(await api.get<unknown>("api/lessons", { replay: id, page, size, sort: "date,asc" }));

/** The totals panel of a finished replay: `GET /api/lessons/totals?replay=<id>`. */
export const getReplayTotals = async (id: string) =>
  LessonControlTotals.parse(await api.get<unknown>("api/lessons/totals", { replay: id }));
