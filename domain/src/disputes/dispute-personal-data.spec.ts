import { describe, expect, it } from "vitest";
import { personalFieldsOf } from "../accounts/personal-data";

const paths = (type: string, streamId: string, data: unknown) =>
  personalFieldsOf(type, streamId, data).map((field) => `${field.subject}:${field.path.join(".")}`);

describe("a dispute's personal data", () => {
  it("seals the names as the lesson's people's, and what was written under the lesson's own key", () => {
    const student = { id: 7, firstName: "Ana", lastName: null };
    const teacher = { id: 8, firstName: "Bia", lastName: "Lima" };
    expect(paths("DisputeOpened", "dispute-3", { student, teacher, comment: "x" })).toEqual([
      "student-7:student.firstName",
      "student-7:student.lastName",
      "teacher-8:teacher.firstName",
      "teacher-8:teacher.lastName",
      "lesson-3:comment",
    ]);
    expect(paths("DisputeAnswered", "dispute-3", { comment: "x", by: 8 })).toEqual(["lesson-3:comment"]);
    expect(paths("DisputeResolved", "dispute-3", { reason: "x", by: 1 })).toEqual(["lesson-3:reason"]);
  });
});
