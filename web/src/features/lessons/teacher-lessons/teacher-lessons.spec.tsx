import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderTeacherArea, TEACHER } from "../../../test/render-area";
import { signInTeacherForEachTest } from "../../../test/sign-in";
import { inHours } from "../../../test/time";

/** A lesson Paul claimed, as `api/lessons/authenticatedUser` lists it. */
const claimedLesson = (id: number, date: Date, title: string) => ({
  id,
  startsAt: date.toISOString(),
  objective: "PROFESSIONAL",
  trailObj: { id: id + 100, number: 1, title },
  level: { id: 2, name: "Intermediário" },
  status: "Aceito",
  meetUrl: `https://meet.jit.si/el-${id}`,
  teacher: { id: 7, name: "Paul Smith" },
  student: "Ana Souza",
  studentFeedbackId: null,
  teacherFeedbackId: null,
});

/** The server's side; a test changes `options.upcoming` to change what the next request answers. */
const server = (options: { upcoming: unknown[] }) =>
  fakeApi({
    "GET /api/account": () => json(TEACHER),
    "GET /api/schedulings/authenticatedUser/lastWithoutFeedback": () => new Response(null, { status: 204 }),
    "GET /api/lessons/authenticatedUser": ({ query }) => {
      const content = query.get("period") === "upcoming" ? options.upcoming : [];
      return json({ content, totalElements: content.length });
    },
  });

const renderLessons = () => renderTeacherArea("/teacher");

signInTeacherForEachTest();

describe("the teacher's Suas aulas", () => {
  it("after a connection that came back without the missed pushes, shows the lessons as they are now", async () => {
    const date = inHours(48);
    const state = { upcoming: [claimedLesson(1001, date, "Small talk at work")] };
    server(state);
    const live = renderLessons();
    const upcoming = await screen.findByRole("region", { name: "Próximas aulas" });
    await within(upcoming).findByRole("row", { name: /Small talk at work/ });

    // While the connection was down the student cancelled that lesson and Paul claimed another in a second tab.
    state.upcoming = [claimedLesson(1002, inHours(72), "Job interviews")];
    act(() => live.reconnect());

    expect(await within(upcoming).findByRole("row", { name: /Job interviews/ })).toBeInTheDocument();
    expect(within(upcoming).queryByRole("row", { name: /Small talk at work/ })).not.toBeInTheDocument();
  });

  it("takes a lesson its student cancelled off the list as soon as the cancellation is pushed", async () => {
    const state = { upcoming: [claimedLesson(1003, inHours(50), "Travel English")] };
    server(state);
    const live = renderLessons();
    const upcoming = await screen.findByRole("region", { name: "Próximas aulas" });
    await within(upcoming).findByRole("row", { name: /Travel English/ });

    state.upcoming = [];
    act(() => live.push("lesson:cancelled", { lessonId: 1003, refunded: true }));

    expect(await within(upcoming).findByText("Não há aulas marcadas!")).toBeInTheDocument();
  });

  it("lists a lesson a student booked into the teacher's free hours as soon as the booking is pushed", async () => {
    const state: { upcoming: unknown[] } = { upcoming: [] };
    server(state);
    const live = renderLessons();
    const upcoming = await screen.findByRole("region", { name: "Próximas aulas" });
    await within(upcoming).findByText("Não há aulas marcadas!");

    const date = inHours(52);
    state.upcoming = [claimedLesson(1004, date, "Ordering food")];
    act(() =>
      live.push("lesson:booked", {
        lesson: {
          id: 1004,
          date: date.toISOString(),
          objective: "PROFESSIONAL",
          level: { id: 1, name: "Básico" },
          trail: { id: 1104, number: 1, title: "Ordering food" },
          student: { id: 6, firstName: "Ana", lastName: "Souza" },
        },
        meetUrl: "https://meet.jit.si/el-1004",
      }),
    );

    expect(await within(upcoming).findByRole("row", { name: /Ordering food/ })).toBeInTheDocument();
  });
});
