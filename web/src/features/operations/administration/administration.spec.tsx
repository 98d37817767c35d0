import type { SignInAuditView } from "@el/domain/audit/sign-in-audit-views";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { operationsRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { adminAccount, health, info, projector, studentAccount } from "../test-server";
import { defaultPeriod } from "./audits-section";
import { HEALTH_REFRESH_MS } from "./health-section";

const audit = (id: number, changes: Partial<SignInAuditView> = {}): SignInAuditView => ({
  id,
  principal: `user${id}@example.com`,
  // 13:05 in São Paulo.
  timestamp: "2026-11-20T16:05:00.000Z",
  type: "AUTHENTICATION_SUCCESS",
  data: { remoteAddress: "203.0.113.7" },
  ...changes,
});

type Handlers = Parameters<typeof fakeApi>[0];

const server = (overrides: Handlers = {}) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /management/health": () => json(health([projector("lesson-board"), projector("audits", { lag: 12 })])),
    "GET /management/audits": () => json([], { headers: { "X-Total-Count": "0" } }),
    "GET /management/info": () => json(info),
    ...overrides,
  });

const table = (name: string) => screen.findByRole("table", { name });
const rowOf = (container: HTMLElement, text: string) =>
  within(container).getByText(text, { selector: "td" }).closest("tr") as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

signInAdministratorForEachTest();
afterEach(() => vi.useRealTimers());

describe("/admin health and projections", () => {
  it("shows each component's status and each projector's state, position and lag", async () => {
    server();
    renderRoutes(operationsRoutes, "/admin");
    const components = await table("Saúde");
    expect(cellsOf(rowOf(components, "Banco de dados"))).toEqual(["Banco de dados", "Funcionando", "pg"]);
    expect(cellsOf(rowOf(components, "Projeções"))).toEqual(["Projeções", "Funcionando", "2"]);
    const projections = await table("Projeções");
    expect(cellsOf(rowOf(projections, "lesson-board"))).toEqual(["lesson-board", "Em execução", "1500", "0", ""]);
    expect(cellsOf(rowOf(projections, "audits"))).toEqual(["audits", "Em execução", "1500", "12", ""]);
    expect(screen.getByRole("heading", { name: /Saúde/, level: 2 })).toHaveTextContent("Funcionando");
  });

  it("shows a stalled projector with its error, and the system as degraded", async () => {
    server({
      "GET /management/health": () =>
        json(
          health(
            [projector("lesson-board"), projector("teacher-finance", { state: "stalled", lag: 40, error: "boom" })],
            "DEGRADED",
          ),
        ),
    });
    renderRoutes(operationsRoutes, "/admin");
    const projections = await table("Projeções");
    expect(cellsOf(rowOf(projections, "teacher-finance"))).toEqual([
      "teacher-finance",
      "Travado",
      "1500",
      "40",
      "boom",
    ]);
    expect(screen.getByRole("heading", { name: /Saúde/, level: 2 })).toHaveTextContent("Degradado");
    expect(cellsOf(rowOf(await table("Saúde"), "Projeções"))[1]).toBe("Degradado");
  });

  it("shows the database down from the 503 the backend answers, with no projector", async () => {
    server({
      "GET /management/health": () =>
        json(
          {
            status: "DOWN",
            components: {
              db: { status: "DOWN", driver: "pg", error: "connection refused" },
              projections: { status: "UP", details: [] },
            },
          },
          { status: 503 },
        ),
    });
    renderRoutes(operationsRoutes, "/admin");
    expect(cellsOf(rowOf(await table("Saúde"), "Banco de dados"))).toEqual([
      "Banco de dados",
      "Fora do ar",
      "pg: connection refused",
    ]);
    expect(screen.getByText("Nenhuma projeção em execução.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says so when the health cannot be read", async () => {
    server({ "GET /management/health": () => json({ message: "error.http.500" }, { status: 500 }) });
    renderRoutes(operationsRoutes, "/admin");
    expect(await screen.findByRole("alert")).toHaveTextContent("Erro no servidor. Tente novamente em instantes.");
  });

  it("reads the lag again on Atualizar", async () => {
    let lag = 12;
    const calls = server({ "GET /management/health": () => json(health([projector("audits", { lag })])) });
    renderRoutes(operationsRoutes, "/admin");
    expect(cellsOf(rowOf(await table("Projeções"), "audits"))[3]).toBe("12");
    lag = 3;
    await userEvent.setup().click(screen.getByRole("button", { name: "Atualizar" }));
    await waitFor(() =>
      expect(cellsOf(rowOf(screen.getByRole("table", { name: "Projeções" }), "audits"))[3]).toBe("3"),
    );
    expect(calls.filter((call) => call.path === "/management/health")).toHaveLength(2);
  });

  it("reads the lag again every few seconds, until the box is unticked", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setInterval", "clearInterval"] });
    let lag = 12;
    const calls = server({ "GET /management/health": () => json(health([projector("audits", { lag: lag-- })])) });
    renderRoutes(operationsRoutes, "/admin");
    expect(cellsOf(rowOf(await table("Projeções"), "audits"))[3]).toBe("12");
    const healthReads = () => calls.filter((call) => call.path === "/management/health").length;
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_REFRESH_MS));
    await waitFor(() =>
      expect(cellsOf(rowOf(screen.getByRole("table", { name: "Projeções" }), "audits"))[3]).toBe("11"),
    );
    expect(healthReads()).toBe(2);

    await userEvent.setup().click(screen.getByRole("checkbox", { name: "Atualizar a cada 5 s" }));
    await act(() => vi.advanceTimersByTimeAsync(3 * HEALTH_REFRESH_MS));
    expect(healthReads()).toBe(2);
  });
});

describe("/admin audits", () => {
  it("lists the last month's sign-ins, newest first, with who, when, from where and why refused", async () => {
    const calls = server({
      "GET /management/audits": () =>
        json(
          [
            audit(2, { principal: "ana@example.com" }),
            audit(1, {
              principal: "bob@example.com",
              type: "AUTHENTICATION_FAILURE",
              data: { remoteAddress: "198.51.100.2", message: "Bad credentials" },
            }),
          ],
          { headers: { "X-Total-Count": "2" } },
        ),
    });
    renderRoutes(operationsRoutes, "/admin");
    const audits = await table("Auditorias");
    expect(cellsOf(rowOf(audits, "ana@example.com"))).toEqual([
      "20/11/26 13:05",
      "ana@example.com",
      "Entrada",
      "203.0.113.7",
      "",
    ]);
    expect(cellsOf(rowOf(audits, "bob@example.com"))).toEqual([
      "20/11/26 13:05",
      "bob@example.com",
      "Entrada recusada",
      "198.51.100.2",
      "Bad credentials",
    ]);
    const query = calls.find((call) => call.path === "/management/audits")?.query;
    expect(
      Object.fromEntries(["fromDate", "toDate", "page", "size", "sort"].map((name) => [name, query?.get(name)])),
    ).toEqual({ ...defaultPeriod(new Date()), page: "0", size: "20", sort: "auditEventDate,desc" });
  });

  it("filters by the days chosen, keeping them and the page in the URL", async () => {
    const many = Array.from({ length: 45 }, (_, index) => audit(45 - index));
    const calls = server({
      "GET /management/audits": ({ query }) => {
        const page = Number(query.get("page"));
        return json(many.slice(page * 20, page * 20 + 20), { headers: { "X-Total-Count": "45" } });
      },
    });
    const { router } = renderRoutes(operationsRoutes, "/admin");
    await table("Auditorias");
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("De"));
    await user.type(screen.getByLabelText("De"), "2026-11-01");
    await user.clear(screen.getByLabelText("Até"));
    await user.type(screen.getByLabelText("Até"), "2026-11-15");
    await user.click(screen.getByRole("button", { name: "Pesquisar" }));
    await waitFor(() => expect(router.state.location.search).toContain("fromDate=2026-11-01"));
    const filtered = calls.filter((call) => call.path === "/management/audits").at(-1)?.query;
    expect([filtered?.get("fromDate"), filtered?.get("toDate"), filtered?.get("page")]).toEqual([
      "2026-11-01",
      "2026-11-15",
      "0",
    ]);

    await user.click(screen.getByRole("button", { name: "3" }));
    expect(await screen.findByText("user5@example.com")).toBeInTheDocument();
    const third = calls.filter((call) => call.path === "/management/audits").at(-1)?.query;
    expect([third?.get("fromDate"), third?.get("toDate"), third?.get("page")]).toEqual([
      "2026-11-01",
      "2026-11-15",
      "2",
    ]);
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("3");
  });

  it("refuses a period that ends before it starts", async () => {
    const calls = server();
    renderRoutes(operationsRoutes, "/admin?fromDate=2026-11-01&toDate=2026-11-15");
    await screen.findByText("Nenhuma entrada neste período.");
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Até"));
    await user.type(screen.getByLabelText("Até"), "2026-10-01");
    expect(screen.getByText("A data inicial deve ser anterior ou igual à final.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pesquisar" })).toBeDisabled();
    expect(calls.filter((call) => call.path === "/management/audits")).toHaveLength(1);
  });

  it("says so when the audits cannot be read", async () => {
    server({ "GET /management/audits": () => json({ message: "Falha ao ler as auditorias" }, { status: 500 }) });
    renderRoutes(operationsRoutes, "/admin");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler as auditorias");
  });
});

describe("/admin system information", () => {
  it("shows the version, commit, uptime and database", async () => {
    server();
    renderRoutes(operationsRoutes, "/admin");
    const system = await screen.findByRole("region", { name: "Sistema" });
    expect(await within(system).findByText("english-lessons 1.4.0")).toBeInTheDocument();
    expect(within(system).getByText("fd63684")).toBeInTheDocument();
    expect(within(system).getByText("121 min")).toBeInTheDocument();
    expect(within(system).getByText("pg (postgresql)")).toBeInTheDocument();
  });
});

describe("/admin access", () => {
  it("is refused to a student", async () => {
    const calls = server({ "GET /api/account": studentAccount });
    renderRoutes(operationsRoutes, "/admin");
    expect(await screen.findByRole("alert")).toHaveTextContent("Você não tem autorização para acessar esta página.");
    expect(calls.some((call) => call.path.startsWith("/management"))).toBe(false);
  });
});
