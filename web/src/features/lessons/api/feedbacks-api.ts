import { StudentFeedbackView, TeacherFeedbackView } from "@el/domain/lessons/feedback-view";
import { api } from "../../../lib/api";
import { type PageQuery, pageOf } from "../../../lib/page-query";

export type FeedbackKind = "student" | "teacher";

const pathOf = (kind: FeedbackKind) => `${kind}-feedbacks`;

/** `GET api/{kind}-feedbacks`, or `GET api/_search/{kind}-feedbacks?query=` with the same paging when searching. */
export const getStudentFeedbacks = async (search: string, query: PageQuery) =>
  pageOf(
    await api.getWithHeaders<unknown>(
      search ? "api/_search/student-feedbacks" : "api/student-feedbacks",
      search ? { query: search, ...query } : { ...query },
    ),
    StudentFeedbackView,
  );

export const getTeacherFeedbacks = async (search: string, query: PageQuery) =>
  pageOf(
    await api.getWithHeaders<unknown>(
      search ? "api/_search/teacher-feedbacks" : "api/teacher-feedbacks",
      search ? { query: search, ...query } : { ...query },
    ),
    TeacherFeedbackView,
  );

export const getStudentFeedback = async (id: number) =>
  StudentFeedbackView.parse(await api.get(`api/student-feedbacks/${id}`));

export const getTeacherFeedback = async (id: number) =>
  TeacherFeedbackView.parse(await api.get(`api/teacher-feedbacks/${id}`));

/** `PUT api/{kind}-feedbacks/{id}`: the administrator's correction. */
export const saveFeedback = (kind: FeedbackKind, id: number, body: Record<string, unknown>) =>
  api.put(`api/${pathOf(kind)}/${id}`, { id, ...body });

/** `DELETE api/{kind}-feedbacks/{id}`. */
export const deleteFeedback = (kind: FeedbackKind, id: number) => api.delete(`api/${pathOf(kind)}/${id}`);
