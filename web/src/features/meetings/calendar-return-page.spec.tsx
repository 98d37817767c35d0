import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { CalendarReturnPage } from "./calendar-return-page";

const show = (query: string) =>
  renderRoutes([{ path: "/calendar", element: <CalendarReturnPage /> }], `/calendar${query}`);

describe("/calendar, back from Google's consent", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("sends the code and state to the server and says the calendar is connected", async () => {
    const calls = fakeApi({
      "GET /api/google/calendar/code": () =>
        json({ configured: true, connected: true, connectedAt: "2026-11-24T12:00:00.000Z" }),
    });
    show("?code=the-code&state=the-state-1");
    expect(await screen.findByText(/Sua Google Agenda está conectada: as aulas/)).toBeInTheDocument();
    expect(calls[0]?.query.get("code")).toBe("the-code");
    expect(calls[0]?.query.get("state")).toBe("the-state-1");
    expect(screen.getByRole("link", { name: "Voltar ao meu perfil" })).toHaveAttribute("href", "/teacher/perfil");
  });

  it("closes the window it was opened in once connected", async () => {
    fakeApi({
      "GET /api/google/calendar/code": () =>
        json({ configured: true, connected: true, connectedAt: "2026-11-24T12:00:00.000Z" }),
    });
    vi.stubGlobal("opener", {});
    const close = vi.spyOn(window, "close").mockImplementation(() => undefined);
    show("?code=the-code&state=the-state-2");
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it("says why when the server refuses the state", async () => {
    fakeApi({
      "GET /api/google/calendar/code": () =>
        json(
          { message: "calendar.messages.error.state", fieldErrors: [] },
          { status: 400, headers: { "X-app-error": "calendar.messages.error.state" } },
        ),
    });
    show("?code=the-code&state=forged");
    expect(await screen.findByText(/Esta autorização não é válida ou expirou/)).toBeInTheDocument();
  });

  it("says the connection was refused when Google sends an error, without calling the server", async () => {
    const calls = fakeApi({});
    show("?error=access_denied&state=the-state-3");
    expect(await screen.findByText(/a autorização foi recusada ou cancelada/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
