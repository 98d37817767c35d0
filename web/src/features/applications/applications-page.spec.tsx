import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { ApplicationsPage, type TeacherApplication } from "./applications-page";

const application = (id: number, changes: Partial<TeacherApplication> = {}): TeacherApplication => ({
  id,
  login: `prof${id}@example.com`,
  email: `prof${id}@example.com`,
  firstName: `Prof${id}`,
  lastName: "Lima",
  phone: "(21)99999-0000",
  experience: "Cinco anos com adultos",
  appliedAt: "2026-11-20T12:00:00.000Z",
  ...changes,
});

/** The server's queue: approving or turning down takes an application off it. */
const server = (initial: TeacherApplication[], answers: { approve?: number } = {}) => {
  let queue = initial;
  const calls = fakeApi({
    "GET /api/teacher-applications": () => json(queue),
    "POST /api/teacher-applications/1/approve": () => {
      if (answers.approve) return json({ message: "error.http.500" }, { status: answers.approve });
      queue = queue.filter((one) => one.id !== 1);
      return new Response(null, { status: 204 });
    },
    "POST /api/teacher-applications/2/reject": () => {
      queue = queue.filter((one) => one.id !== 2);
      return new Response(null, { status: 204 });
    },
  });
  return calls;
};
const show = () => renderRoutes([{ path: "/", element: <ApplicationsPage /> }], "/");
const cardOf = async (name: string) => (await screen.findByRole("heading", { name })).closest("li") as HTMLElement;

describe("the teacher applications queue", () => {
  it("shows each waiting application with its experience, and approving one takes it off the queue", async () => {
    const calls = server([application(1), application(2, { experience: null })]);
    show();
    const first = await cardOf("Prof1 Lima");
    expect(first).toHaveTextContent("Cinco anos com adultos");
    expect(await cardOf("Prof2 Lima")).toHaveTextContent("Não informada.");
    await userEvent.click(within(first).getByRole("button", { name: "Aprovar" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Candidatura de Prof1 Lima aprovada.");
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Prof1 Lima" })).not.toBeInTheDocument());
    expect(calls.some((call) => call.path === "/api/teacher-applications/1/approve")).toBe(true);
  });

  it("asks for the reason before turning an application down, and sends it", async () => {
    const calls = server([application(2)]);
    show();
    await userEvent.click(within(await cardOf("Prof2 Lima")).getByRole("button", { name: "Recusar" }));
    const dialog = await screen.findByRole("dialog", { name: "Recusar a candidatura de Prof2 Lima" });
    const confirm = within(dialog).getByRole("button", { name: "Recusar candidatura" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Motivo"), "Procuramos certificação");
    await userEvent.click(confirm);
    expect(await screen.findByText("Nenhuma candidatura aguardando análise.")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/api/teacher-applications/2/reject")?.body).toEqual({
      reason: "Procuramos certificação",
    });
  });

  it("keeps an application whose approval failed, saying so", async () => {
    server([application(1)], { approve: 500 });
    show();
    await userEvent.click(within(await cardOf("Prof1 Lima")).getByRole("button", { name: "Aprovar" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Prof1 Lima" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
