import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dayKey } from "../../../lib/lessons/lesson-time";
import { json } from "../../../test/fake-api";
import { renderRoutes, whereAmI } from "../../../test/render";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { teacherProfile } from "../directory-fixtures";
import { TeacherPage } from "./teacher-page";
import { callsTo, FREE_STARTS, teacherPageServer } from "./teacher-page-fixtures";

const show = (path = "/professores/21") =>
  renderRoutes([{ path: "/professores/:id", element: <TeacherPage /> }, whereAmI("/login")], path);

const bookingPanel = () => screen.getByRole("region", { name: "Agendar com Ana" });

signInStudentForEachTest();

describe("a teacher's public page", () => {
  it("shows the profile, the reviews and the free starts of the next two weeks by São Paulo day", async () => {
    teacherPageServer();
    show();
    expect(await screen.findByRole("heading", { level: 1, name: "Ana Lima" })).toBeInTheDocument();
    expect(screen.getByText("4,5 · 12 avaliações")).toBeInTheDocument();
    expect(screen.getByText("Dez anos em escolas de idiomas.")).toBeInTheDocument();
    const reviews = screen.getByRole("region", { name: "Avaliações dos alunos" });
    expect(within(reviews).getByText("Aula ótima, muito paciente.")).toBeInTheDocument();
    expect(within(reviews).getByText("Bruno S.")).toBeInTheDocument();
    expect(within(reviews).getByText("Nota 5 de 5")).toBeInTheDocument();
    const slots = screen.getByRole("region", { name: "Horários livres nas próximas duas semanas" });
    const days = await within(slots).findByRole("list", { name: "Dias com horários livres" });
    expect(
      within(days)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["ter., 01/12", "qui., 03/12"]);
    const timesOf = (day: string) =>
      within(within(slots).getByRole("list", { name: `Horários de ${day}` }))
        .getAllByRole("button")
        .map((button) => button.textContent);
    expect(within(days).getByRole("button", { name: "ter., 01/12" })).toHaveAttribute("aria-pressed", "true");
    expect(timesOf("ter., 01/12")).toEqual(["18:00", "19:00"]);
    await userEvent.click(within(days).getByRole("button", { name: "qui., 03/12" }));
    expect(timesOf("qui., 03/12")).toEqual(["07:30"]);
  });

  it("books a chosen start with a trail of the student's level, then reads the free starts again", async () => {
    const calls = teacherPageServer();
    const { router } = show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "ter., 01/12 às 18:00" }));
    expect(screen.getByRole("button", { name: "ter., 01/12 às 18:00" })).toHaveAttribute("aria-pressed", "true");
    expect(router.state.location.search).toBe(`?horario=${encodeURIComponent(FREE_STARTS[0] ?? "")}`);
    const panel = bookingPanel();
    expect(within(panel).getByText("ter., 01/12 às 18:00")).toBeInTheDocument();
    // Only the trails of the student's level are offered.
    expect(within(panel).queryByRole("option", { name: "1 - Greetings" })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Agendar com Ana" }));
    expect(within(panel).getByText("Escolha a trilha da aula.")).toBeInTheDocument();
    expect(callsTo(calls, "POST", "/api/teachers/21/bookings")).toHaveLength(0);

    await user.selectOptions(within(panel).getByLabelText("Trilha"), "1 - Small talk");
    await user.click(within(panel).getByRole("button", { name: "Agendar com Ana" }));
    expect(
      await within(panel).findByText(
        "Aula agendada com Ana: ter., 01/12 às 18:00. O link da aula está em Minhas aulas.",
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, "POST", "/api/teachers/21/bookings")[0]?.body).toEqual({
      start: FREE_STARTS[0],
      trailId: 31,
    });
    expect(callsTo(calls, "POST", "/api/teachers/21/bookings")[0]?.headers.get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, "GET", "/api/teachers/21/slots")).toHaveLength(2));
    expect(router.state.location.search).toBe("");
    expect(within(panel).getByRole("link", { name: "Ver minhas aulas" })).toHaveAttribute("href", "/student");
  });

  it("books the same start every week for the weeks chosen", async () => {
    const calls = teacherPageServer();
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "ter., 01/12 às 18:00" }));
    const panel = bookingPanel();
    await user.selectOptions(within(panel).getByLabelText("Trilha"), "2 - Meetings");
    await user.click(within(panel).getByLabelText("Toda semana"));
    await user.selectOptions(within(panel).getByLabelText("Por quantas semanas"), "12");
    expect(
      within(panel).getByText(
        "Toda terça-feira às 18:00 com Ana, 12 semanas. Cada aula usa um crédito quando é criada, duas semanas antes.",
      ),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Agendar toda semana" }));
    expect(
      await within(panel).findByText("Aulas semanais agendadas com Ana: toda terça-feira às 18:00, 12 semanas."),
    ).toBeInTheDocument();
    expect(callsTo(calls, "POST", "/api/lesson-series")[0]?.body).toEqual({
      teacherId: 21,
      start: FREE_STARTS[0],
      weeks: 12,
      trailId: 32,
    });
    expect(callsTo(calls, "POST", "/api/teachers/21/bookings")).toHaveLength(0);
  });

  it("says a start just taken by someone else is gone, and shows the free starts as they are now", async () => {
    let slots = FREE_STARTS;
    const calls = teacherPageServer({
      "GET /api/teachers/21/slots": () => json({ slots }),
      "POST /api/teachers/21/bookings": () => {
        slots = FREE_STARTS.slice(1);
        return json(
          { message: "error.lesson.teacherBusyOther" },
          { status: 409, headers: { "X-app-error": "error.lesson.teacherBusyOther" } },
        );
      },
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "ter., 01/12 às 18:00" }));
    await user.selectOptions(within(bookingPanel()).getByLabelText("Trilha"), "1 - Small talk");
    await user.click(within(bookingPanel()).getByRole("button", { name: "Agendar com Ana" }));
    expect(await within(bookingPanel()).findByRole("alert")).toHaveTextContent(
      "O professor já tem uma aula neste horário.",
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: "ter., 01/12 às 18:00" })).not.toBeInTheDocument());
    expect(callsTo(calls, "GET", "/api/teachers/21/slots")).toHaveLength(2);
    expect(within(bookingPanel()).getByText("Escolha um horário livre acima.")).toBeInTheDocument();
  });

  it("opens the booking of a start named in the URL, as a favourite's slot links to it", async () => {
    teacherPageServer();
    show(`/professores/21?horario=${encodeURIComponent(FREE_STARTS[1] ?? "")}`);
    const panel = await screen.findByRole("region", { name: "Agendar com Ana" });
    expect(await within(panel).findByText("ter., 01/12 às 19:00")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ter., 01/12" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "ter., 01/12 às 19:00" })).toHaveAttribute("aria-pressed", "true");
  });

  it("says a start named in the URL is no longer free", async () => {
    teacherPageServer();
    show(`/professores/21?horario=${encodeURIComponent("2026-12-02T10:00:00-03:00")}`);
    expect(await screen.findByText("O horário escolhido não está mais livre. Escolha outro.")).toBeInTheDocument();
  });

  it("requests another time from this teacher alone, with what happens if the teacher does not accept", async () => {
    const calls = teacherPageServer();
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Solicitar outro horário" }));
    const request = screen.getByRole("region", { name: "Solicitar outro horário" });
    await user.click(within(request).getByRole("button", { name: "Enviar pedido" }));
    expect(within(request).getAllByText("Este campo é obrigatório")).toHaveLength(3);
    const day = dayKey(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    await user.type(within(request).getByLabelText("Data"), day);
    await user.selectOptions(within(request).getByLabelText("Horário"), "10:00");
    await user.selectOptions(within(request).getByLabelText("Trilha"), "1 - Small talk");
    expect(within(request).getByLabelText("Ir para o quadro aberto (outro professor pode aceitar)")).toBeChecked();
    await user.click(within(request).getByLabelText("Cancelar e devolver o crédito"));
    await user.click(within(request).getByRole("button", { name: "Enviar pedido" }));
    expect(
      await within(request).findByText("Pedido enviado para Ana Lima. Avisaremos você assim que houver resposta."),
    ).toBeInTheDocument();
    const body = callsTo(calls, "POST", "/api/teachers/21/requests")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ trailId: 31, fallback: "CANCEL" });
    expect(dayKey(new Date(String(body.start)))).toBe(day);
  });

  it("keeps the teacher as a favourite and removes them again", async () => {
    const calls = teacherPageServer();
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Favoritar" }));
    const remove = await screen.findByRole("button", { name: "Remover dos favoritos" });
    expect(remove).toHaveAttribute("aria-pressed", "true");
    expect(callsTo(calls, "PUT", "/api/account/favorites/21")).toHaveLength(1);
    await user.click(remove);
    expect(await screen.findByRole("button", { name: "Favoritar" })).toHaveAttribute("aria-pressed", "false");
    expect(callsTo(calls, "DELETE", "/api/account/favorites/21")).toHaveLength(1);
  });

  it("offers the student a message to the teacher, which the messages open", async () => {
    teacherPageServer();
    show();
    expect(await screen.findByRole("link", { name: "Enviar mensagem" })).toHaveAttribute("href", "/mensagens?com=21");
  });

  it("says when the teacher has no free starts, and when the teacher cannot be found", async () => {
    teacherPageServer({ "GET /api/teachers/21/slots": () => json({ slots: [] }) });
    const first = show();
    expect(
      await screen.findByText(
        "Este professor não tem horários livres nas próximas duas semanas. Você pode solicitar outro horário.",
      ),
    ).toBeInTheDocument();
    first.unmount();
    teacherPageServer({ "GET /api/teachers/21": () => json({ message: "error.url.not.found" }, { status: 404 }) });
    show();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});

describe("a teacher's public page, signed out", () => {
  it("sends a visitor who picks a start to sign in, and back to that start afterwards", async () => {
    sessionStorage.clear();
    teacherPageServer({ "GET /api/teachers/21": () => json(teacherProfile()) });
    const { router } = show();
    const user = userEvent.setup();
    expect(await screen.findByText("Entre como aluno para agendar uma aula com este professor.")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "ter., 01/12 às 19:00" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/login");
    const from = (router.state.location.state as { from: { pathname: string; search: string } }).from;
    expect(from.pathname).toBe("/professores/21");
    expect(new URLSearchParams(from.search).get("horario")).toBe(FREE_STARTS[1]);
  });
});
