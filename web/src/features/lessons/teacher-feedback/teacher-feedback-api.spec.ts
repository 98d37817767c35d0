import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { onSuccessAlert, type SuccessAlert } from "../../../lib/api";
import { fakeApi, json } from "../../../test/fake-api";
import { claimLesson } from "../accept/pending-lessons-api";
import { giveTeacherFeedback, skipTeacherFeedback } from "./teacher-feedback-api";

const answered = (key: string) => () =>
  json({ id: 9, meetUrl: "https://meet.jit.si/x" }, { status: 201, headers: { "X-app-alert": key } });

const announced: SuccessAlert[] = [];
const stop = onSuccessAlert((alert) => announced.push(alert));
afterEach(() => {
  announced.length = 0;
  vi.unstubAllGlobals();
});
afterAll(stop);

describe("what the teacher's changes announce", () => {
  it("a report sent is confirmed by a toast; a skipped prompt is not", async () => {
    fakeApi({ "POST /api/teacher-feedbacks": answered("englishLessonsApp.teacherFeedback.created") });
    await skipTeacherFeedback(9);
    expect(announced).toEqual([]);
    await giveTeacherFeedback({
      lessonId: 9,
      status: 1,
      note: 5,
      information: "Boa aula",
      sugestions: "Mais exercícios",
      productSugestions: "Nada",
      studentInformation: "Participativa",
      partialyHeld: null,
    });
    expect(announced.map((alert) => alert.key)).toEqual(["englishLessonsApp.teacherFeedback.created"]);
  });

  it("a claim is told by the board's own notice, not a second time by a toast", async () => {
    fakeApi({ "POST /api/lessons": answered("Aula aceita com sucesso!") });
    await claimLesson(9);
    expect(announced).toEqual([]);
  });
});
