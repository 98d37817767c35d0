import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FakeRequest, fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { signInStudentForEachTest } from "../../test/sign-in";
import { ToastRegion } from "../toast/toast-region";
import { RebookButton } from "./rebook-button";

const NEXT_WEEK: SchedulingView = {
  id: 56,
  date: "2026-12-08T22:00:00.000Z",
  objective: "TRAVEL",
  trail: { id: 31, number: 1, title: "Small talk", level: 2 },
  level: { id: 2, name: "Intermediário" },
  student: { id: 5, firstName: "Ana", lastName: "Souza" },
  lesson: { id: 56, meetUrl: "https://meet.jit.si/x", teacher: { id: 21, firstName: "Ana", lastName: "Lima" } },
  createdDate: "2026-11-27T12:00:00.000Z",
};

const show = (rebook: (request: FakeRequest) => Response) => {
  const calls = fakeApi({
    "GET /api/account": () => json({ id: 5, login: "ana@example.com", activated: true, authorities: ["ROLE_STUDENT"] }),
    "POST /api/lessons/55/rebook": rebook,
  });
  const onBooked = vi.fn();
  renderRoutes(
    [
      {
        path: "/student",
        element: (
          <>
            <ToastRegion />
            <RebookButton lessonId={55} onBooked={onBooked} />
          </>
        ),
      },
    ],
    "/student",
  );
  return { calls, onBooked };
};

signInStudentForEachTest();

describe("'Agendar de novo' on a past lesson", () => {
  it("books the same teacher a week later in one click and says so", async () => {
    const { calls, onBooked } = show(() => json({ booked: true, lesson: NEXT_WEEK }, { status: 201 }));
    await userEvent.click(screen.getByRole("button", { name: "Agendar de novo" }));
    expect(
      await screen.findByText("Aula agendada de novo com o mesmo professor: ter., 08/12 às 19:00."),
    ).toBeInTheDocument();
    expect(onBooked).toHaveBeenCalledOnce();
    expect(calls.filter((call) => call.path === "/api/lessons/55/rebook")).toHaveLength(1);
  });

  it("lists the teacher's nearest free starts when the same time is taken, each opening its booking", async () => {
    const { onBooked } = show(() =>
      json({ booked: false, teacherId: 21, slots: ["2026-12-09T19:00:00-03:00", "2026-12-10T08:00:00-03:00"] }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Agendar de novo" }));
    const slots = await screen.findByRole("list", { name: "Próximos horários livres do professor" });
    const links = within(slots).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["qua., 09/12 19:00", "qui., 10/12 08:00"]);
    expect(links[0]).toHaveAttribute(
      "href",
      `/professores/21?horario=${encodeURIComponent("2026-12-09T19:00:00-03:00")}`,
    );
    expect(onBooked).not.toHaveBeenCalled();
  });

  it("says when the teacher has no free start at all, and shows a refusal", async () => {
    let answer = () => json({ booked: false, teacherId: 21, slots: [] });
    show(() => answer());
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Agendar de novo" }));
    expect(
      await screen.findByText("O professor não tem horários livres nas próximas duas semanas."),
    ).toBeInTheDocument();
    answer = () => json({}, { status: 409, headers: { "X-app-error": "error.availability.notAvailable" } });
    await user.click(screen.getByRole("button", { name: "Agendar de novo" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("O professor não está disponível nesse horário."),
    );
  });
});
