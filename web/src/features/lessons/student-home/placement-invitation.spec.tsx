import type { PlacementLatestView } from "@el/domain/placement/placement-views";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderStudentArea, student } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";

signInStudentForEachTest();

const RESULT = {
  testId: 41,
  levelId: 3,
  levelName: "Intermediário Avançado",
  right: 15,
  total: 20,
  bands: [],
  explanation: { "pt-br": "…", en: "…" },
  suggestedTrail: null,
  completedAt: "2026-11-24T15:00:00.000Z",
  retakeAt: "2026-12-24T15:00:00.000Z",
};

/** The student's home with `latest` as the level test answers it (a Response: that answer). */
const home = async (latest: PlacementLatestView | Response) => {
  const calls = fakeApi({
    "GET /api/account": () => json(student()),
    "GET /api/levels": () => json([{ id: 2, name: "Intermediário", active: true }]),
    "GET /api/trails": () => json([]),
    "GET /api/schedulings/authenticatedUser/lastWithoutFeedback": () => new Response(null, { status: 204 }),
    "GET /api/lessons/authenticatedUser": () => json({ content: [], totalElements: 0 }),
    "GET /api/placement-tests/latest": () => (latest instanceof Response ? latest : json(latest)),
  });
  renderStudentArea("/student");
  await screen.findByRole("heading", { name: "Agendar aula" });
  // The answer is read, and what it shows is on screen.
  await waitFor(() => expect(calls.some((call) => call.path === "/api/placement-tests/latest")).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
};

describe("the student home's invitation to the level test", () => {
  it("invites a student without a result (the home a new student lands on after sign-up) to take the test", async () => {
    await home({ result: null, inProgress: null });
    expect(await screen.findByRole("heading", { name: "Qual é o seu nível de inglês?" })).toBeInTheDocument();
    expect(screen.getByText(/20 questões, cerca de 15 minutos/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fazer o teste de nível" })).toHaveAttribute(
      "href",
      "/student/teste-de-nivel",
    );
  });

  it("offers to continue a test begun", async () => {
    await home({ result: null, inProgress: { id: 41, answered: 7 } });
    expect(await screen.findByRole("link", { name: "Continuar o teste de nível" })).toHaveAttribute(
      "href",
      "/student/teste-de-nivel",
    );
  });

  it("is gone once the student has a result", async () => {
    await home({ result: RESULT, inProgress: null });
    expect(screen.queryByRole("heading", { name: "Qual é o seu nível de inglês?" })).not.toBeInTheDocument();
  });

  it("leaves the home as it is when the level test cannot be read", async () => {
    await home(json({ status: 500, message: "error.http.500" }, { status: 500 }));
    expect(screen.queryByRole("heading", { name: "Qual é o seu nível de inglês?" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
