import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { auditRoutes } from "../routes";
import { auditorAccount, studentHistory } from "../test-server";

signInAdministratorForEachTest();

const firstPaint = { timeout: 5000 };

describe("/auditoria/fluxos/{stream}", { timeout: 20_000 }, () => {
  it("shows the stream's events, each with the balance after it, and today's state", async () => {
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/streams/student-1001": () => json(studentHistory()),
    });
    renderRoutes(auditRoutes, "/auditoria/fluxos/student-1001");
    const table = await screen.findByRole("table", { name: "Eventos do fluxo" }, firstPaint);
    const [, registered, granted, spent] = within(table).getAllByRole("row");
    expect(within(registered as HTMLElement).getAllByRole("cell")[5]).toHaveTextContent("Saldo: 0 aula");
    expect(within(granted as HTMLElement).getAllByRole("cell")[3]).toHaveTextContent("desconhecido");
    expect(within(granted as HTMLElement).getAllByRole("cell")[5]).toHaveTextContent("Saldo: 4 aulas");
    expect(within(spent as HTMLElement).getAllByRole("cell")[5]).toHaveTextContent("Saldo: 3 aulas");
    expect(screen.getByRole("heading", { name: "Estado atual" })).toBeInTheDocument();
    // The data as a person reads it; the sealed form stored (what the chain covers) behind "Como gravado".
    const data = within(registered as HTMLElement).getAllByRole("cell")[4] as HTMLElement;
    expect(within(data).getAllByText(/"firstName": "Ana"/)[0]).toBeVisible();
    const stored = within(data).getByText("Como gravado (campos pessoais cifrados)").closest("details");
    expect(stored).toHaveTextContent("pd1:student-1001:c2VsYWRv");
    expect(stored).not.toHaveAttribute("open");
  });

  it("slides to an earlier instant and shows the balance then, and the events that made it", async () => {
    const calls = fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/streams/student-1001": (request) => {
        const whole = studentHistory();
        if (!request.query.get("at")) return json(whole);
        return json({ ...whole, at: request.query.get("at"), state: { balance: 4 }, events: whole.events.slice(0, 2) });
      },
    });
    renderRoutes(auditRoutes, "/auditoria/fluxos/student-1001");
    const slider = await screen.findByLabelText("Momento", {}, firstPaint);
    // 14:02 in São Paulo on 3 March 2026: after the grant, before the credit was spent.
    fireEvent.change(slider, { target: { value: String(Date.UTC(2026, 2, 3, 17, 2)) } });
    expect(await screen.findByRole("heading", { name: "Estado em 03/03/26 14:02" })).toBeInTheDocument();
    expect(screen.getAllByText("Saldo: 4 aulas")[0]).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "2 eventos até aqui" })).toBeInTheDocument();
    const asked = calls.filter((call) => call.path === "/api/audit/streams/student-1001").at(-1);
    expect(asked?.query.get("at")).toBe("2026-03-03T17:02:00.000Z");
  });

  it("says so when the stream does not exist", async () => {
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/streams/student-9": () => json({ message: "error.url.not.found" }, { status: 404 }),
    });
    renderRoutes(auditRoutes, "/auditoria/fluxos/student-9");
    expect(await screen.findByRole("alert", {}, firstPaint)).toBeInTheDocument();
  });
});
