import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { auditRoutes } from "../routes";
import { auditEvent, auditorAccount, studentAccount } from "../test-server";

signInAdministratorForEachTest();

/** The lazy page's first paint, on a machine that may be busy. */
const firstPaint = { timeout: 5000 };
const rows = async () =>
  within(await screen.findByRole("table", { name: "Auditoria: eventos" }, firstPaint)).getAllByRole("row");

describe("/auditoria timeline", { timeout: 20_000 }, () => {
  it("lists the events in global order with who caused them, and `desconhecido` where an old event does not say", async () => {
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/events": () =>
        json({ content: [auditEvent(1), auditEvent(2, { who: "unknown", correlation: "unknown" })], next: null }),
    });
    renderRoutes(auditRoutes, "/auditoria");
    const [, first, second] = await rows();
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
        .slice(0, 7),
    ).toEqual(["1501", "03/03/26 14:01", "student-1001", "1", "CreditsGranted", "7", "request-1"]);
    expect(within(second as HTMLElement).getAllByRole("cell")[5]).toHaveTextContent("desconhecido");
    expect(within(first as HTMLElement).getByRole("link", { name: "student-1001" })).toHaveAttribute(
      "href",
      "/auditoria/fluxos/student-1001",
    );
  });

  it("shows each event's data as a person reads it, 'titular removido' for an erased person, and the stored form on demand", async () => {
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/events": () =>
        json({
          content: [
            auditEvent(1, {
              type: "StudentRegistered",
              data: { email: "pd1:student-1001:c2VsYWRv" },
              opened: { email: "ana@example.com" },
            }),
            auditEvent(2, {
              type: "StudentRegistered",
              stream: "student-1002",
              data: { email: "pd1:student-1002:YXBhZ2Fkbw==" },
              opened: { email: "titular removido" },
            }),
          ],
          next: null,
        }),
    });
    renderRoutes(auditRoutes, "/auditoria");
    const [, live, erased] = await rows();
    const dataOf = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole("cell")[7] as HTMLElement;
    await userEvent.click(within(dataOf(live)).getByText("Ver"));
    expect(dataOf(live)).toHaveTextContent("ana@example.com");
    const stored = within(dataOf(live)).getByText("Como gravado (campos pessoais cifrados)");
    expect(stored.closest("details")).not.toHaveAttribute("open");
    await userEvent.click(stored);
    expect(stored.closest("details")).toHaveTextContent("pd1:student-1001:c2VsYWRv");
    expect(dataOf(erased)).toHaveTextContent("titular removido");
    expect(dataOf(erased)).not.toHaveTextContent("ana@example.com");
  });

  it("sends the filters, São Paulo's wall clock as instants, and pages forward by the cursor", async () => {
    const calls = fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/events": (request) =>
        json(
          request.query.get("after") === "1502"
            ? { content: [auditEvent(3)], next: null }
            : { content: [auditEvent(1), auditEvent(2)], next: "1502" },
        ),
    });
    renderRoutes(auditRoutes, "/auditoria");
    await rows();
    await userEvent.type(screen.getByLabelText("Tipo"), "CreditsGranted");
    await userEvent.type(screen.getByLabelText("Usuário (id)"), "7");
    await userEvent.type(screen.getByLabelText("De"), "2026-03-03T14:00");
    await userEvent.click(screen.getByRole("button", { name: "Filtrar" }));
    await userEvent.click(await screen.findByRole("button", { name: "Próxima página" }));
    expect(await screen.findByText("request-3")).toBeInTheDocument();
    const last = calls.filter((call) => call.path === "/api/audit/events").at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toMatchObject({
      type: "CreditsGranted",
      userId: "7",
      from: "2026-03-03T14:00:00.000-03:00",
      after: "1502",
      size: "50",
    });
    expect(screen.getByRole("button", { name: "Primeira página" })).toBeInTheDocument();
  });

  it("says when no event matches, and shows the server's refusal", async () => {
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/events": (request) =>
        request.query.get("type")
          ? json({ message: "audit.error.range" }, { status: 400 })
          : json({ content: [], next: null }),
    });
    renderRoutes(auditRoutes, "/auditoria");
    expect(await screen.findByText("Nenhum evento encontrado.", {}, firstPaint)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Tipo"), "X");
    await userEvent.click(screen.getByRole("button", { name: "Filtrar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("O início do período deve ser anterior ao fim.");
  });

  it("is not for students", async () => {
    fakeApi({ "GET /api/account": studentAccount });
    renderRoutes(auditRoutes, "/auditoria");
    expect(await screen.findByRole("alert", {}, firstPaint)).toHaveTextContent(
      "Você não tem autorização para acessar esta página.",
    );
  });
});
