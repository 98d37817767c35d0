import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { requestView } from "../../features/availability/requests/lesson-requests-fixtures";
import { fakeApi, json } from "../../test/fake-api";
import { renderTeacherArea, TEACHER } from "../../test/render-area";
import { signInTeacherForEachTest } from "../../test/sign-in";

signInTeacherForEachTest();

describe("the teacher's home", () => {
  it("shows the lessons asked of the teacher first, then their own lessons", async () => {
    fakeApi({
      "GET /api/account": () => json(TEACHER),
      "GET /api/lesson-requests": () =>
        json([requestView(1001, "2026-12-10T21:00:00.000Z", "2026-12-02T00:00:00.000Z")]),
      "GET /api/schedulings/authenticatedUser/lastWithoutFeedback": () => new Response(null, { status: 204 }),
      "GET /api/lessons/authenticatedUser": () => json({ content: [], totalElements: 0 }),
    });
    renderTeacherArea("/teacher");
    expect(await screen.findByText("Aluno: Ana Souza")).toBeInTheDocument();
    const headings = (await screen.findAllByRole("heading", { level: 2 })).map((heading) => heading.textContent);
    expect(headings.slice(0, 2)).toEqual(["Solicitadas para você", "Aulas de hoje"]);
  });
});
