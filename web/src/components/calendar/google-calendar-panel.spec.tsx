import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { GoogleCalendarPanel, goTo } from "./google-calendar-panel";

const CONSENT = "https://accounts.google.com/o/oauth2/v2/auth?scope=calendar&state=abc";

/** The server's side: whether Google is configured and the teacher connected, changed by the panel's calls. */
const server = (initially: { configured: boolean; connected: boolean }) => {
  let status = { ...initially, connectedAt: initially.connected ? "2026-11-01T12:00:00.000Z" : null };
  return fakeApi({
    "GET /api/google/calendar": () => json(status),
    "POST /api/google/calendar/authorize": () => json({ url: CONSENT }),
    "DELETE /api/google/calendar": () => {
      status = { ...status, connected: false, connectedAt: null };
      return new Response(null, { status: 204 });
    },
  });
};
const show = () => renderRoutes([{ path: "/", element: <GoogleCalendarPanel /> }], "/");

describe("the teacher's Google Calendar connection", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the teacher to Google's consent page when they connect", async () => {
    const calls = server({ configured: true, connected: false });
    const go = vi.spyOn(goTo, "url").mockImplementation(() => undefined);
    show();
    expect(await screen.findByText("Sua Google Agenda não está conectada.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Conectar Google Agenda" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CONSENT));
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("disconnects after confirmation", async () => {
    const calls = server({ configured: true, connected: true });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    show();
    expect(await screen.findByText(/Sua Google Agenda está conectada desde/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Desconectar Google Agenda" }));
    expect(await screen.findByText("Sua Google Agenda não está conectada.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
  });

  it("stays connected when the confirmation is declined", async () => {
    const calls = server({ configured: true, connected: true });
    vi.spyOn(window, "confirm").mockReturnValue(false);
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Desconectar Google Agenda" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
  });

  it("shows nothing when Google is not configured", async () => {
    const calls = server({ configured: false, connected: false });
    const { container } = show();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector(".google-calendar")).toBeNull());
    expect(screen.queryByRole("button", { name: "Conectar Google Agenda" })).toBeNull();
  });

  it("says when the status cannot be read", async () => {
    fakeApi({ "GET /api/google/calendar": () => json({ message: "error.http.500" }, { status: 500 }) });
    show();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });
});
