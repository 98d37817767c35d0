import type { PendingLessonView } from "@el/domain/lessons/scheduling-view";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { optionNames } from "../../../test/options";
import { renderTeacherArea, TEACHER } from "../../../test/render-area";
import { signInTeacherForEachTest } from "../../../test/sign-in";

const pending = (id: number, date: string, level: PendingLessonView["level"], title: string): PendingLessonView => ({
  id,
  date,
  objective: "PROFESSIONAL",
  level,
  trail: { id: id + 100, number: id % 10, title },
  student: { id: 5, firstName: "Ana", lastName: "Souza" },
});

const BASIC = { id: 1, name: "Básico" };
const INTERMEDIATE = { id: 2, name: "Intermediário" };

// 22:00 on Monday in São Paulo is already Tuesday in UTC: the filter must count São Paulo's weekday.
const MONDAY_NIGHT = pending(1001, "2030-03-05T01:00:00.000Z", INTERMEDIATE, "Small talk at work");
// Sunday is 7 in the spec's numbering, not JavaScript's 0.
const SUNDAY_MORNING = pending(1002, "2030-03-10T13:00:00.000Z", BASIC, "Ordering food");
const WEDNESDAY_EVENING = pending(1003, "2030-03-06T22:00:00.000Z", INTERMEDIATE, "Job interviews");

const server = (options: { lessons?: PendingLessonView[]; claim?: () => Response; load?: () => Response } = {}) =>
  fakeApi({
    "GET /api/account": () => json(TEACHER),
    "GET /api/schedulings/withoutLesson/fromNow": options.load ?? (() => json(options.lessons ?? [])),
    "POST /api/lessons":
      options.claim ?? (() => json({ id: 1001, meetUrl: "https://meet.jit.si/el-1001" }, { status: 201 })),
  });

const renderBoard = () => renderTeacherArea("/teacher/aceitar-aulas");

const shownTrails = () =>
  within(screen.getByRole("list", { name: "Aulas aguardando professor" }))
    .getAllByRole("listitem")
    .map((item) => within(item).getByText(/ - /).textContent);

signInTeacherForEachTest();

describe("the teacher's Aceitar aulas screen", () => {
  it("lists the lessons waiting for a teacher with their São Paulo day, time, trail, level and student", async () => {
    server({ lessons: [MONDAY_NIGHT] });
    renderBoard();
    const item = within(await screen.findByRole("list", { name: "Aulas aguardando professor" })).getByRole("listitem");
    expect(item).toHaveTextContent("04/03/30");
    expect(item).toHaveTextContent("Segunda-feira, 22:00 – 23:00");
    expect(item).toHaveTextContent("1 - Small talk at work");
    expect(item).toHaveTextContent("Intermediário · Profissional · Ana");
  });

  it("filters by São Paulo weekday, Segunda-feira being 1 and Domingo 7", async () => {
    server({ lessons: [MONDAY_NIGHT, WEDNESDAY_EVENING, SUNDAY_MORNING] });
    renderBoard();
    const weekday = await screen.findByLabelText("Dia da semana");
    expect(
      within(weekday)
        .getAllByRole("option")
        .map((option) => [option.getAttribute("value"), option.textContent]),
    ).toEqual([
      ["", "Todos"],
      ["1", "Segunda-feira"],
      ["2", "Terça-feira"],
      ["3", "Quarta-feira"],
      ["4", "Quinta-feira"],
      ["5", "Sexta-feira"],
      ["6", "Sábado"],
      ["7", "Domingo"],
    ]);
    expect(shownTrails()).toEqual(["1 - Small talk at work", "3 - Job interviews", "2 - Ordering food"]);

    const user = userEvent.setup();
    await user.selectOptions(weekday, "Segunda-feira");
    expect(shownTrails()).toEqual(["1 - Small talk at work"]);

    await user.selectOptions(weekday, "Terça-feira");
    expect(screen.queryByRole("list", { name: "Aulas aguardando professor" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Não há aulas agendadas no momento");

    await user.selectOptions(weekday, "Domingo");
    expect(shownTrails()).toEqual(["2 - Ordering food"]);

    await user.selectOptions(weekday, "Todos");
    expect(shownTrails()).toHaveLength(3);
  });

  it("filters by level, offering the levels of the waiting lessons, and combines it with the weekday", async () => {
    server({ lessons: [MONDAY_NIGHT, WEDNESDAY_EVENING, SUNDAY_MORNING] });
    renderBoard();
    const level = await screen.findByLabelText("Nível");
    expect(optionNames(level)).toEqual(["Todos", "Básico", "Intermediário"]);

    const user = userEvent.setup();
    await user.selectOptions(level, "Intermediário");
    expect(shownTrails()).toEqual(["1 - Small talk at work", "3 - Job interviews"]);

    await user.selectOptions(screen.getByLabelText("Dia da semana"), "Quarta-feira");
    expect(shownTrails()).toEqual(["3 - Job interviews"]);

    await user.selectOptions(level, "Básico");
    expect(screen.getByRole("status")).toHaveTextContent("Não há aulas agendadas no momento");
  });

  it("keeps the chosen level when its last lesson is claimed by another teacher", async () => {
    server({ lessons: [MONDAY_NIGHT, SUNDAY_MORNING] });
    const live = renderBoard();
    const level = await screen.findByLabelText("Nível");
    await userEvent.setup().selectOptions(level, "Básico");

    act(() => live.push("lesson:claimed", { lessonId: SUNDAY_MORNING.id, teacherId: 8 }));

    expect(screen.getByText("Não há aulas agendadas no momento")).toBeInTheDocument();
    expect(level).toHaveDisplayValue("Básico");
  });

  it("says so when no lesson is waiting, and shows one the moment it is scheduled", async () => {
    server({ lessons: [] });
    const live = renderBoard();
    expect(await screen.findByText("Não há aulas agendadas no momento")).toBeInTheDocument();

    act(() => live.push("lesson:pending", { lesson: SUNDAY_MORNING }));
    expect(shownTrails()).toEqual(["2 - Ordering food"]);
  });

  it("claims a lesson through the API and tells the teacher which one they got", async () => {
    const calls = server({ lessons: [MONDAY_NIGHT, SUNDAY_MORNING] });
    renderBoard();
    const list = await screen.findByRole("list", { name: "Aulas aguardando professor" });
    const monday = within(list).getByText("1 - Small talk at work").closest("li") as HTMLElement;

    await userEvent.setup().click(within(monday).getByRole("button", { name: "Aceitar aula" }));

    expect(await screen.findByText(/Aula aceita com sucesso!/)).toHaveTextContent(
      "Aula aceita com sucesso! 1 - Small talk at work em 04/03/30 às 22:00 com Ana.",
    );
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({ path: "/api/lessons", body: { schedulingId: 1001 } }),
    ]);
    expect(shownTrails()).toEqual(["2 - Ordering food"]);
  });

  it("shows the refusal when another teacher was faster, translated from the server's key", async () => {
    server({
      lessons: [MONDAY_NIGHT],
      claim: () =>
        json(
          { status: 409, message: "error.lesson.alreadyClaimed" },
          { status: 409, headers: { "X-app-error": "error.lesson.alreadyClaimed" } },
        ),
    });
    renderBoard();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Aceitar aula" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Esta aula já foi aceita por outro professor.");
  });

  it("says the list could not be loaded and loads it again on Tentar novamente", async () => {
    let answers = 0;
    server({
      load: () => (answers++ === 0 ? json({ message: "error.http.500" }, { status: 500 }) : json([MONDAY_NIGHT])),
    });
    renderBoard();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("1 - Small talk at work")).toBeInTheDocument();
  });
});
