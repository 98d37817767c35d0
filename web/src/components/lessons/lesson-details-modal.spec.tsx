import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { signInStudentForEachTest } from "../../test/sign-in";
import { LessonDetailsModal } from "./lesson-details-modal";

const lesson = (changes: Partial<LessonCard> = {}): LessonCard => ({
  id: 100,
  date: "2026-05-06T13:00:00.000Z",
  trail: { id: 11, number: 1, title: "Greetings" },
  levelName: "Básico",
  objective: "TRAVEL",
  teacherName: "Bruno Lima",
  studentName: null,
  meetUrl: "https://meet.jit.si/el-100",
  feedbackGiven: false,
  ...changes,
});

const server = () =>
  fakeApi({
    "GET /api/account": () => json({ id: 5, login: "ana@example.com", activated: true, authorities: ["ROLE_STUDENT"] }),
    "GET /api/trails/11": () =>
      json({
        id: 11,
        number: 1,
        title: "Greetings",
        content: "",
        application: "",
        techniques: "",
        level: { id: 1, name: "Básico" },
        materials: [{ id: 501, className: "Greetings worksheet", classNumber: 1, fileContentType: "application/pdf" }],
      }),
  });

const show = (card: LessonCard) =>
  renderRoutes(
    [{ path: "/", element: <LessonDetailsModal lesson={card} state="accepted" onClose={() => undefined} /> }],
    "/",
  );

signInStudentForEachTest();

describe("a lesson's details", () => {
  it("offers the trail's materials to download once a teacher claimed the lesson", async () => {
    const calls = server();
    show(lesson());
    expect(await screen.findByRole("button", { name: "Baixar 1 - Greetings worksheet" })).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/api/trails/11")).toBe(true);
  });

  it("offers no download for a lesson still waiting for a teacher", async () => {
    const calls = server();
    show(lesson({ teacherName: null, meetUrl: null }));
    expect(await screen.findByText("O link aparece aqui quando um professor aceitar a aula.")).toBeInTheDocument();
    expect(screen.queryByText("Materiais")).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith("/api/trails"))).toBe(false);
  });
});
