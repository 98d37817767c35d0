import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { lessonSeries } from "../../../test/lesson-series";
import { linksOf } from "../../../test/links";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { tableRows } from "../../../test/table-rows";
import { seriesSections } from "../routes";

/** Maria's Tuesdays at 19:00 with Ana Lima from 1 December 2026, 8 weeks, two lessons booked. */
const series = (
  id: number,
  status: LessonSeriesView["status"],
  pausedReason: LessonSeriesView["pausedReason"] = null,
) => lessonSeries({ id, status, pausedReason });

type Handler = Parameters<typeof fakeApi>[0][string];

const server = (answers: { list?: Handler; end?: Handler } = {}) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/lesson-series": answers.list ?? (() => json([series(31, "ACTIVE"), series(32, "ENDED")])),
    "POST /api/lesson-series/31/end": answers.end ?? (() => json({})),
  });

const renderSeries = (path = "/gerencia/series") => renderRoutes(adminRoutes(seriesSections), path);

/** A row's cells before its status: student, teacher, trail, weekday and time, lessons booked. */
const listed = ["Maria Souza", "Ana Lima", "1 - Small talk", "Terça-feira às 19:00, desde 01/12/26", "2 de 8"];

signInAdministratorForEachTest();

describe("the back office's Séries semanais", () => {
  it("sits in the administration menu and says it is loading until the series arrive", async () => {
    const answer = deferred();
    server({ list: () => answer.promise });
    renderSeries();
    const menu = await screen.findByRole("navigation", { name: "Gerência" });
    expect(linksOf(menu)).toContainEqual(["Séries semanais", "/gerencia/series"]);
    expect(await screen.findByText("Carregando...")).toBeInTheDocument();
    answer.release(json([]));
    expect(await screen.findByText("Nenhuma série encontrada.")).toBeInTheDocument();
  });

  it("lists each series with student, teacher, trail, weekday and time, lessons booked and status", async () => {
    server({ list: () => json([series(31, "ACTIVE"), series(33, "PAUSED", "NO_CREDITS"), series(32, "ENDED")]) });
    renderSeries();
    await screen.findByRole("table");
    expect(tableRows()).toEqual([
      [...listed, "Ativa", "Encerrar"],
      [...listed, "Pausada (sem créditos)", "Encerrar"],
      [...listed, "Encerrada", ""],
    ]);
  });

  it("filters by status, asking the server and keeping the filter in the URL", async () => {
    const calls = server({
      list: ({ query }) => json(query.get("status") === "ENDED" ? [series(32, "ENDED")] : [series(31, "ACTIVE")]),
    });
    const { router } = renderSeries();
    await screen.findByRole("table");
    await userEvent.setup().selectOptions(screen.getByLabelText("Situação"), "Encerrada");
    await screen.findByText("Encerrada", { selector: "td" });
    expect(tableRows()).toHaveLength(1);
    expect(router.state.location.search).toBe("?status=ENDED");
    expect(calls.at(-1)?.query.get("status")).toBe("ENDED");
  });

  it("says so when the series cannot be loaded", async () => {
    server({ list: () => json({ message: "error.unexpected" }, { status: 500 }) });
    renderSeries();
    expect(await screen.findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
  });

  it("ends a series after the administrator confirms, and lists it again as it is now", async () => {
    let ended = false;
    const calls = server({
      list: () => json([series(31, ended ? "ENDED" : "ACTIVE")]),
      end: () => {
        ended = true;
        return json({});
      },
    });
    renderSeries();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Encerrar a série de Maria Souza com Ana Lima" }));
    const dialog = screen.getByRole("dialog", { name: "Encerrar série" });
    expect(dialog).toHaveTextContent("Encerrar a série de Maria Souza com Ana Lima (Terça-feira às 19:00)?");
    await user.click(within(dialog).getByRole("button", { name: "Encerrar série" }));

    expect(await screen.findByText("Encerrada", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/api/lesson-series/31/end",
    ]);
  });

  it("keeps the series when the administrator cancels, and says a refused end in the dialog", async () => {
    const calls = server({ end: () => json({ message: "error.series.finished" }, { status: 409 }) });
    renderSeries();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /^Encerrar a série/ }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: /^Encerrar a série/ }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Encerrar série" }));
    expect(await within(screen.getByRole("dialog")).findByRole("alert")).toHaveTextContent(
      "Esta série já foi encerrada ou cancelada.",
    );
  });
});
