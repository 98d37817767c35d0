import { type ReplayView, replayScreensOf } from "@el/domain/audit/replays";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { auditRoutes } from "../routes";
import { auditorAccount } from "../test-server";
import { ReplayLessonsPage } from "./replay-lessons-page";
import { lastMonthEnd, ReplaysPage } from "./replays-page";

signInAdministratorForEachTest();

const firstPaint = { timeout: 5000 };

const replay = (changes: Partial<ReplayView> = {}): ReplayView => ({
  id: "abc123abc123",
  projection: "lesson-schedulings",
  screens: replayScreensOf(changes.projection ?? "lesson-schedulings", changes.id ?? "abc123abc123"),
  at: "2026-03-01T02:59:00.000Z",
  status: "running",
  replayed: 0,
  total: 4000,
  error: null,
  requestedBy: "3",
  createdAt: "2026-04-02T12:00:00.000Z",
  finishedAt: null,
  expiresAt: "2026-04-03T12:00:00.000Z",
  ...changes,
});

describe("/auditoria/replays", { timeout: 20_000 }, () => {
  it("takes the end of last month on São Paulo's calendar by default", () => {
    expect(lastMonthEnd(new Date("2026-03-15T12:00:00Z"))).toBe("2026-02-28T23:59");
    // 1 April 01:00 UTC is still 31 March in São Paulo: last month is February there.
    expect(lastMonthEnd(new Date("2026-04-01T01:00:00Z"))).toBe("2026-02-28T23:59");
    expect(lastMonthEnd(new Date("2026-01-10T12:00:00Z"))).toBe("2025-12-31T23:59");
  });

  it("starts a replay at the chosen instant and shows its progress as it is pushed, then opens it", async () => {
    let started = false;
    const calls = fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/replays/projections": () => json(["lesson-schedulings", "users"]),
      "GET /api/audit/replays": () => json(started ? [replay()] : []),
      "POST /api/audit/replays": () => {
        started = true;
        return json(replay(), { status: 202, headers: { "X-app-alert": "audit.replays.started" } });
      },
    });
    const manual = createManualFeed();
    renderRoutes(
      [
        {
          path: "/auditoria/replays",
          element: (
            <LiveFeedProvider feed={manual.feed}>
              <ReplaysPage />
            </LiveFeedProvider>
          ),
        },
        { path: "/auditoria/replays/:id", element: <ReplayLessonsPage /> },
      ],
      "/auditoria/replays",
    );
    expect(await screen.findByText("Nenhum replay ainda.", {}, firstPaint)).toBeInTheDocument();
    const at = screen.getByLabelText("Instante");
    await userEvent.clear(at);
    await userEvent.type(at, "2026-02-28T23:59");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar replay" }));
    const table = await screen.findByRole("table", { name: "Replays" });
    expect(within(table).getByText("Em andamento")).toBeInTheDocument();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toEqual({ projection: "lesson-schedulings", at: "2026-02-28T23:59:00.000-03:00" });

    manual.push("replay:progress", replay({ replayed: 2000 }));
    expect(await within(table).findByText("2000 de 4000 eventos")).toBeInTheDocument();
    manual.push("replay:progress", replay({ status: "done", replayed: 4000, total: 4000 }));
    expect(await within(table).findByText("Concluído")).toBeInTheDocument();
    // A late progress push does not take a finished replay back.
    manual.push("replay:progress", replay({ replayed: 3000 }));
    expect(within(table).getByText("Concluído")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Abrir controle de aulas" })).toHaveAttribute(
      "href",
      "/auditoria/replays/abc123abc123",
    );
  });

  it("links each finished replay to the screens that read it, and says so when none does", async () => {
    const done = { status: "done" as const, replayed: 10, total: 10 };
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/replays/projections": () => json(["lesson-schedulings", "users", "coupons"]),
      "GET /api/audit/replays": () =>
        json([
          replay({ ...done, id: "users0000001", projection: "users" }),
          replay({ ...done, id: "purchases001", projection: "purchases" }),
          replay({ ...done, id: "coupons00001", projection: "coupons" }),
          replay({ id: "users0000002", projection: "users" }),
        ]),
    });
    renderRoutes(auditRoutes, "/auditoria/replays");
    const table = await screen.findByRole("table", { name: "Replays" }, firstPaint);
    const [, users, purchases, coupons, running] = within(table).getAllByRole("row") as HTMLElement[];
    expect(within(users as HTMLElement).getByRole("link", { name: "Abrir alunos" })).toHaveAttribute(
      "href",
      "/gerencia/aluno?replay=users0000001",
    );
    expect(within(users as HTMLElement).getByRole("link", { name: "Abrir professores" })).toHaveAttribute(
      "href",
      "/gerencia/professor?replay=users0000001",
    );
    expect(within(purchases as HTMLElement).getByRole("link", { name: "Abrir compras" })).toHaveAttribute(
      "href",
      "/gerencia/compra?replay=purchases001",
    );
    expect(coupons).toHaveTextContent("Sem tela de leitura para este modelo");
    expect(within(coupons as HTMLElement).queryByRole("link")).toBeNull();
    // Still running: nothing to open yet.
    expect(within(running as HTMLElement).queryByRole("link")).toBeNull();
    expect(screen.getByRole("option", { name: "coupons (sem tela de leitura)" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "users" })).toBeInTheDocument();
  });

  it("shows the replayed lesson control with its totals, read with replay=<id>", async () => {
    const calls = fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/replays/abc123abc123": () => json(replay({ status: "done", replayed: 10, total: 10 })),
      "GET /api/lessons/totals": () =>
        json({ lessons: 1, teacherCost: 25, teacherCostCents: 2500, revenue: 50, revenueCents: 5000 }),
      "GET /api/lessons": () =>
        json({
          totalElements: 1,
          content: [
            {
              id: 9,
              student: { id: 1, firstName: "Ana", lastName: "Souza" },
              level: { id: 1, name: "Básico" },
              objective: "TRAVEL",
              trail: { id: 1, number: 1, title: "Greetings" },
              startsAt: "2026-02-10T13:00:00.000Z",
              date: "2026-02-10",
              time: "10:00",
              teacher: null,
              meetUrl: null,
              payment: null,
            },
          ],
        }),
    });
    renderRoutes(auditRoutes, "/auditoria/replays/abc123abc123");
    const table = await screen.findByRole("table", { name: "Controle de aulas em 28/02/26 23:59" }, firstPaint);
    expect(within(table).getByText("Ana Souza")).toBeInTheDocument();
    expect(within(table).getByText("Sem professor")).toBeInTheDocument();
    expect(screen.getByText("R$ 25,00")).toBeInTheDocument();
    const list = calls.find((call) => call.path === "/api/lessons");
    expect(list?.query.get("replay")).toBe("abc123abc123");
    expect(calls.find((call) => call.path === "/api/lessons/totals")?.query.get("replay")).toBe("abc123abc123");
  });

  it("says when a replay cannot be read", async () => {
    fakeApi({
      "GET /api/account": auditorAccount,
      "GET /api/audit/replays/abc123abc123": () => json({ message: "audit.replays.error.notReady" }, { status: 404 }),
      "GET /api/lessons/totals": () => json({ message: "audit.replays.error.notReady" }, { status: 404 }),
      "GET /api/lessons": () => json({ message: "audit.replays.error.notReady" }, { status: 404 }),
    });
    renderRoutes(auditRoutes, "/auditoria/replays/abc123abc123");
    expect(await screen.findByRole("alert", {}, firstPaint)).toHaveTextContent(
      "Este replay não existe ou ainda não terminou.",
    );
  });
});
