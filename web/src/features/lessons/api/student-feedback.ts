import { z } from "zod";
import { api } from "../../../lib/api";
import { Scheduling, schedulingToCard } from "./scheduling";

/** The last lesson more than 1 h past that the student has not rated yet, or null. */
export const fetchLastWithoutFeedback = async () => {
  const body = await api.get<unknown>("api/schedulings/authenticatedUser/lastWithoutFeedback");
  if (body === undefined || body === null || body === "") return null;
  return schedulingToCard(Scheduling.parse(body));
};

export const StudentFeedbackInput = z.object({
  lessonId: z.number(),
  note: z.number().int().min(0).max(5).nullable(),
  information: z.string(),
});
export type StudentFeedbackInput = z.infer<typeof StudentFeedbackInput>;

/**
 * A rating and a comment; skipping sends no note and an empty text, so the prompt does not come back.
 * A skip thanks nobody for a rating: only a real one brings the success toast.
 */
export const giveStudentFeedback = (input: StudentFeedbackInput) =>
  api.post<unknown>("api/student-feedbacks", input, {
    successAlert: input.note === null && input.information === "" ? false : undefined,
  });
