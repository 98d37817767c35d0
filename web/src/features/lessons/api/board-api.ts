import { BoardView } from "@el/domain/lessons/board-view";
import type { BoardQuery, ChangeLessonBody } from "@el/domain/lessons/lesson-requests";
import { fullName } from "@el/domain/shared/full-name";
import { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "../../../lib/page-query";

/** `GET api/board?days=N`: today's and the next days' lessons by state, as the server sees them now. */
export const fetchBoard = async (days: number): Promise<BoardView> =>
  BoardView.parse(await api.get("api/board", { days } satisfies BoardQuery));

const TeacherRow = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  activated: z.boolean().optional(),
});

/** The active teachers an administrator may give a lesson to, by name. */
export const fetchTeachers = async () => {
  const rows = z
    .array(TeacherRow)
    .parse(await api.get("api/users/teacher", { page: 0, size: 99999, sort: "id,asc" } satisfies PageQuery));
  return rows
    .filter((row) => row.activated !== false)
    .map((row) => ({ id: row.id, name: fullName(row) || row.login }))
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
};

/**
 * `PUT api/lessons/{id}` with `{ teacher: { id } }`: the administrator gives the lesson to that teacher
 * (accepted on their behalf, same slot rules). The card moves when `board:changed` arrives.
 */
export const assignTeacher = (lessonId: number, teacherId: number) =>
  api.put<unknown>(`api/lessons/${lessonId}`, { teacher: { id: teacherId } } satisfies ChangeLessonBody, {
    successAlert: false,
  });
