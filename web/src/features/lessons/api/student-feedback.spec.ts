import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { onSuccessAlert, type SuccessAlert } from "../../../lib/api";
import { fakeApi, json } from "../../../test/fake-api";
import { giveStudentFeedback } from "./student-feedback";

const saved = () => json({}, { status: 201, headers: { "X-app-alert": "englishLessonsApp.studentFeedback.created" } });

const announced: SuccessAlert[] = [];
const stop = onSuccessAlert((alert) => announced.push(alert));
afterEach(() => {
  announced.length = 0;
  vi.unstubAllGlobals();
});
afterAll(stop);

describe("the student's rating of a lesson", () => {
  it("is thanked with a toast when the student rated or commented", async () => {
    fakeApi({ "POST /api/student-feedbacks": saved });
    await giveStudentFeedback({ lessonId: 3, note: 4, information: "" });
    await giveStudentFeedback({ lessonId: 4, note: null, information: "Ótima aula" });
    expect(announced.map((alert) => alert.key)).toEqual([
      "englishLessonsApp.studentFeedback.created",
      "englishLessonsApp.studentFeedback.created",
    ]);
  });

  it("says nothing when the student skipped the prompt, though the empty feedback is stored", async () => {
    const calls = fakeApi({ "POST /api/student-feedbacks": saved });
    await giveStudentFeedback({ lessonId: 5, note: null, information: "" });
    expect(calls.map((call) => call.body)).toEqual([{ lessonId: 5, note: null, information: "" }]);
    expect(announced).toEqual([]);
  });
});
