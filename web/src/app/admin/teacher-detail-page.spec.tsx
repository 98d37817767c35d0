import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../test/fake-accounts";
import { fakeApi, json } from "../../test/fake-api";
import { publicProfile, teacherUser } from "../../test/fake-teacher-detail";
import { renderRoutes } from "../../test/render";
import { adminRoutes } from "../../test/render-area";
import { signInAdministratorForEachTest } from "../../test/sign-in";

const marcia = teacherUser(12);

const STORED = { weekly: [{ dayOfWeek: 2, start: "19:00", end: "21:00" }], daysOff: [] };
/** Tuesday 1 December 2026, 19:00 in São Paulo. */
const AFFECTED = [{ lessonId: 1001, date: "2026-12-01T22:00:00.000Z", student: { id: 5, name: "Ana Souza" } }];

const server = () =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/users/marcia%40example.com": () => json(marcia),
    "GET /api/payments/teacher/marcia%40example.com": () => json([]),
    "GET /api/teachers/12/availability": () => json(STORED),
    "PUT /api/teachers/12/availability": ({ body }) =>
      (body as { confirm: boolean }).confirm
        ? json({ weekly: [], daysOff: [] })
        : json({ message: "error.availability.affected", affected: AFFECTED }, { status: 409 }),
    "GET /api/teachers/12": () =>
      json(
        publicProfile(12, [
          {
            id: 3,
            studentName: "Ana S.",
            note: 4,
            comment: "Ótima aula",
            at: "2026-11-20T15:00:00.000Z",
            hidden: true,
          },
        ]),
      ),
  });

signInAdministratorForEachTest();

describe("the back office's teacher detail", () => {
  it("shows and edits the teacher's availability, confirming the lessons a change takes from them", async () => {
    const calls = server();
    renderRoutes(adminRoutes(), "/gerencia/professor/marcia%40example.com");
    const availability = await screen.findByRole("region", { name: "Disponibilidade" });
    const tuesday = await within(availability).findByRole("group", { name: "Terça-feira" });
    expect(within(tuesday).getByRole("group", { name: "Terça-feira, das 19:00 às 21:00" })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(
      within(tuesday).getByRole("button", { name: "Remover horário de Terça-feira, das 19:00 às 21:00" }),
    );
    await user.click(within(availability).getByRole("button", { name: "Salvar disponibilidade" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmar alteração" });
    expect(dialog).toHaveTextContent("Esta alteração tira 1 aula já agendada da agenda do professor:");
    expect(within(dialog).getByRole("listitem")).toHaveTextContent("01/12/26 às 19:00 com Ana Souza");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar e salvar" }));

    expect(await within(availability).findByText("Disponibilidade salva.")).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === "PUT");
    expect(puts.map((call) => [call.path, (call.body as { confirm: boolean }).confirm])).toEqual([
      ["/api/teachers/12/availability", false],
      ["/api/teachers/12/availability", true],
    ]);
    expect(puts[0]?.headers.get("Authorization")).toBe("Bearer admin-token");
  });

  it("lists the teacher's reviews, hidden ones included, to moderate", async () => {
    server();
    renderRoutes(adminRoutes(), "/gerencia/professor/marcia%40example.com");
    const reviews = await screen.findByRole("region", { name: "Comentários dos alunos" });
    expect(await within(reviews).findByText("Ótima aula")).toBeInTheDocument();
    expect(within(reviews).getByText("Oculto")).toBeInTheDocument();
    expect(within(reviews).getByRole("button", { name: "Mostrar o comentário de Ana S." })).toBeInTheDocument();
  });
});
