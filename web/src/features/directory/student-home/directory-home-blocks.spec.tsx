import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { deferred, type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { student } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { favoriteTeacher, lessonSeries, teacherCard } from "../directory-fixtures";
import { DirectoryHomeBlocks } from "./directory-home-blocks";

type Handler = (request: FakeRequest) => Response | Promise<Response>;

const server = (answers: { favorites?: Handler; series?: Handler } = {}) =>
  fakeApi({
    "GET /api/account": () => json(student()),
    "GET /api/account/favorites": answers.favorites ?? (() => json([favoriteTeacher()])),
    "GET /api/lesson-series": answers.series ?? (() => json([lessonSeries()])),
  });

const show = () => {
  const live = createManualFeed();
  renderRoutes(
    [
      {
        path: "/student",
        element: (
          <LiveFeedProvider feed={live.feed}>
            <DirectoryHomeBlocks />
          </LiveFeedProvider>
        ),
      },
    ],
    "/student",
  );
  return live;
};

const favorites = () => screen.getByRole("region", { name: "Meus professores favoritos" });

signInStudentForEachTest();

describe("the student's favourite teachers on the home", () => {
  it("lists each favourite with their next free starts, each opening its booking on the teacher's page", async () => {
    server({
      favorites: () =>
        json([
          favoriteTeacher(),
          favoriteTeacher({ ...teacherCard({ id: 22, firstName: "Carlos" }), nextFreeSlots: [] }),
        ]),
    });
    show();
    const ana = await within(favorites()).findByRole("list", { name: "Próximos horários livres de Ana Lima" });
    const links = within(ana).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["ter., 01/12 18:00", "ter., 01/12 19:00"]);
    expect(links[1]).toHaveAttribute(
      "href",
      `/professores/21?horario=${encodeURIComponent("2026-12-01T19:00:00-03:00")}`,
    );
    expect(within(favorites()).getByRole("link", { name: "Ana Lima" })).toHaveAttribute("href", "/professores/21");
    expect(within(favorites()).getByText("Sem horários livres nas próximas duas semanas")).toBeInTheDocument();
  });

  it("says it is loading, then invites a student without favourites to find a teacher", async () => {
    const answer = deferred();
    server({ favorites: () => answer.promise });
    show();
    expect(await within(favorites()).findByText("Carregando...")).toBeInTheDocument();
    answer.release(json([]));
    expect(await within(favorites()).findByText("Você ainda não tem professores favoritos.")).toBeInTheDocument();
    expect(within(favorites()).getByRole("link", { name: "Encontrar um professor" })).toHaveAttribute(
      "href",
      "/professores",
    );
  });

  it("says the favourites could not be loaded, and loads them again on request", async () => {
    let fail = true;
    server({ favorites: () => (fail ? json({}, { status: 500 }) : json([favoriteTeacher()])) });
    show();
    const user = userEvent.setup();
    expect(
      await within(favorites()).findByText("Não foi possível carregar seus professores favoritos."),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(favorites()).getByRole("button", { name: "Tentar de novo" }));
    expect(await within(favorites()).findByRole("link", { name: "Ana Lima" })).toBeInTheDocument();
  });
});

describe("the paused series banner", () => {
  it("appears when a series pauses for want of credits, live, with 'Contratar aulas', and goes when it resumes", async () => {
    let status: "ACTIVE" | "PAUSED" = "ACTIVE";
    const calls = server({
      series: () => json([lessonSeries({ status, pausedReason: status === "PAUSED" ? "NO_CREDITS" : null })]),
    });
    const live = show();
    await within(favorites()).findByRole("link", { name: "Ana Lima" });
    await waitFor(() => expect(calls.filter((call) => call.path === "/api/lesson-series")).toHaveLength(1));
    expect(screen.queryByText(/está pausada/)).not.toBeInTheDocument();

    status = "PAUSED";
    live.push("series:changed", { seriesId: 7, status: "PAUSED", pausedReason: "NO_CREDITS" });
    expect(
      await screen.findByText(
        "Sua aula semanal com Ana Lima está pausada porque seus créditos acabaram. Contrate aulas para retomar.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contratar aulas" })).toHaveAttribute("href", "/student/contratar-aulas");
    expect(screen.getByRole("link", { name: "Ver aulas semanais" })).toHaveAttribute("href", "/student/aulas-semanais");

    status = "ACTIVE";
    live.push("series:changed", { seriesId: 7, status: "ACTIVE", pausedReason: null });
    await waitFor(() => expect(screen.queryByText(/está pausada/)).not.toBeInTheDocument());
  });

  it("says nothing when the series cannot be read", async () => {
    const calls = server({ series: () => json({}, { status: 500 }) });
    show();
    await within(favorites()).findByRole("link", { name: "Ana Lima" });
    await waitFor(() => expect(calls.some((call) => call.path === "/api/lesson-series")).toBe(true));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Contratar aulas" })).not.toBeInTheDocument();
  });
});
