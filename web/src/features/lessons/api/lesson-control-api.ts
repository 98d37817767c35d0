import {
  type LessonControlFilters,
  LessonControlPage,
  LessonControlTotals,
  LessonControlView,
} from "@el/domain/lessons/lesson-control-view";
import { LessonDetailView } from "@el/domain/lessons/lesson-detail-view";
import type { ChangeLessonBody, NewLessonBody } from "@el/domain/lessons/lesson-requests";
import { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { fullName } from "@el/domain/shared/full-name";
import { z } from "zod";
import { api, newIdempotencyKey } from "../../../lib/api";

/** Lesson control's calls (`api/lessons…`, administrators only), each parsed with the shapes domain declares. */

export const LESSON_PAGE_SIZE = 10;

const filterQuery = (filters: LessonControlFilters) => ({
  year: filters.year,
  month: filters.month,
  teacherId: filters.teacherId,
  studentId: filters.studentId,
});

/** `GET api/lessons?page&size&sort=scheduling.date,desc&…`: one page (zero-based) of the filtered lessons. */
export const getLessonPage = async (page: number, filters: LessonControlFilters) =>
  LessonControlPage.parse(
    await api.get("api/lessons", {
      page,
      size: LESSON_PAGE_SIZE,
      sort: "scheduling.date,desc",
      ...filterQuery(filters),
    }),
  );

/** `GET api/lessons/totals`: the totals panel for the same filters. */
export const getLessonTotals = async (filters: LessonControlFilters) =>
  LessonControlTotals.parse(await api.get("api/lessons/totals", filterQuery(filters)));

/** The export's address with the list's filters, for the link and for the download. */
export const exportPath = (format: "csv" | "xlsx", filters: LessonControlFilters) => {
  const query = new URLSearchParams({ format });
  for (const [name, value] of Object.entries(filterQuery(filters)))
    if (value !== undefined) query.set(name, String(value));
  return `/api/lessons/export?${query}`;
};

const EditedLesson = LessonControlView.extend({ cancelled: z.boolean() });
export type EditedLesson = z.infer<typeof EditedLesson>;

export const getLesson = async (id: number) => EditedLesson.parse(await api.get(`api/lessons/${id}`));

/** "Criar aula": `POST api/lessons/admin`, the day and hour merged into one instant. */
export const createLesson = async (lesson: NewLessonBody) =>
  SchedulingView.parse(await api.post("api/lessons/admin", lesson, { idempotencyKey: newIdempotencyKey() }));

/** `PUT api/lessons/{id}`: a new day and hour, and the teacher (null keeps the one it has). */
export const changeLesson = async (id: number, change: ChangeLessonBody) =>
  SchedulingView.parse(await api.put(`api/lessons/${id}`, change));

/** `DELETE api/lessons/{id}/teacher`: taken back from its teacher, the lesson waits for a teacher again. */
export const unassignTeacher = async (id: number) =>
  SchedulingView.parse(await api.delete(`api/lessons/${id}/teacher`));

/** `DELETE api/lessons/{id}`: cancelled, the credit back to the student. */
export const deleteLesson = async (id: number) => api.delete(`api/lessons/${id}`);

/** A person the filters and the form offer: teachers and students as `api/users/{kind}` lists them. */
const Person = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
});
export type Person = z.infer<typeof Person>;

export const nameOf = (person: Partial<Person>) => fullName(person) || person.login || "";

/** Every teacher or student, by name (spec section 7: full-list fetches of 99999). */
export const getPeople = async (kind: "teacher" | "student") =>
  z
    .array(Person)
    .parse(await api.get(`api/users/${kind}`, { page: 0, size: 99999, sort: "id,asc" }))
    .sort((a, b) => nameOf(a).localeCompare(nameOf(b), "pt-BR"));

/** `GET api/lessons/{id}/detail`: one lesson with its history, payout, feedbacks and its people's logins. */
export const getLessonDetail = async (id: number) => LessonDetailView.parse(await api.get(`api/lessons/${id}/detail`));
