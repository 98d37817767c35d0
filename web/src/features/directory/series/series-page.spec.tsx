import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { student } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { lessonSeries } from "../directory-fixtures";
import { SeriesPage } from "./series-page";

type Handler = (request: FakeRequest) => Response | Promise<Response>;

const server = (series: Handler, cancel: Handler = () => new Response(null, { status: 204 })) =>
  fakeApi({
    "GET /api/account": () => json(student()),
    "GET /api/lesson-series": series,
    "DELETE /api/lesson-series/7": cancel,
  });

const show = () => {
  const live = createManualFeed();
  renderRoutes(
    [
      {
        path: "/student/aulas-semanais",
        element: (
          <LiveFeedProvider feed={live.feed}>
            <SeriesPage />
          </LiveFeedProvider>
        ),
      },
    ],
    "/student/aulas-semanais",
  );
  return live;
};

const TITLE = "Toda terça-feira às 19:00 com Ana Lima";

signInStudentForEachTest();

describe("the student's weekly series", () => {
  it("shows each series with its status, weeks, trail and occurrences", async () => {
    server(() =>
      json([
        lessonSeries(),
        lessonSeries({ id: 8, status: "PAUSED", pausedReason: "NO_CREDITS", start: "2026-12-05T10:00:00-03:00" }),
      ]),
    );
    show();
    const series = await screen.findByRole("article", { name: TITLE });
    expect(within(series).getByText("Ativa")).toBeInTheDocument();
    expect(within(series).getByText(/8 semanas · 1 - Small talk/)).toBeInTheDocument();
    const occurrences = within(series).getByRole("list", { name: "Aulas da série" });
    expect(
      within(occurrences)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["01/12/26 19:00 · agendada", "08/12/26 19:00 · agendada", "15/12/26 19:00 · prevista"]);
    const paused = screen.getByRole("article", { name: "Todo sábado às 10:00 com Ana Lima" });
    expect(within(paused).getByText("Pausada")).toBeInTheDocument();
    expect(within(paused).getByRole("link", { name: "Contratar aulas" })).toHaveAttribute(
      "href",
      "/student/contratar-aulas",
    );
  });

  it("cancels a series after the student confirms, and lists it as cancelled", async () => {
    let status: "ACTIVE" | "CANCELLED" = "ACTIVE";
    const calls = server(
      () => json([lessonSeries({ status })]),
      () => {
        status = "CANCELLED";
        return new Response(null, { status: 204 });
      },
    );
    show();
    const user = userEvent.setup();
    const series = await screen.findByRole("article", { name: TITLE });
    await user.click(within(series).getByRole("button", { name: "Cancelar série" }));
    const dialog = screen.getByRole("dialog", { name: "Cancelar aulas semanais" });
    await user.click(within(dialog).getByRole("button", { name: "Manter" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(within(series).getByRole("button", { name: "Cancelar série" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Sim, cancelar a série" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE" && call.path === "/api/lesson-series/7")).toHaveLength(1);
    expect(await within(series).findByText("Cancelada")).toBeInTheDocument();
    expect(within(series).queryByRole("button", { name: "Cancelar série" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal inside the confirmation", async () => {
    server(
      () => json([lessonSeries()]),
      () => json({}, { status: 409, headers: { "X-app-error": "error.series.finished" } }),
    );
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cancelar série" }));
    await user.click(screen.getByRole("button", { name: "Sim, cancelar a série" }));
    expect(await within(screen.getByRole("dialog")).findByRole("alert")).toHaveTextContent(
      "Esta série já foi encerrada ou cancelada.",
    );
  });

  it("follows a series changed elsewhere, live", async () => {
    let status: "ACTIVE" | "PAUSED" = "ACTIVE";
    server(() => json([lessonSeries({ status })]));
    const live = show();
    const series = await screen.findByRole("article", { name: TITLE });
    status = "PAUSED";
    live.push("series:changed", { seriesId: 7, status: "PAUSED", pausedReason: "NO_CREDITS" });
    expect(await within(series).findByText("Pausada")).toBeInTheDocument();
  });

  it("invites a student without series to choose a teacher", async () => {
    server(() => json([]));
    show();
    expect(await screen.findByText(/Você ainda não tem aulas semanais/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Encontrar um professor" })).toHaveAttribute("href", "/professores");
  });

  it("shows a failure to load the series", async () => {
    server(() => json({}, { status: 500 }));
    show();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});
