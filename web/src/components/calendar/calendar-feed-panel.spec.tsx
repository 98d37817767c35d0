import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { CalendarFeedPanel } from "./calendar-feed-panel";

const URL_ISSUED = "https://aulas.example.com/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde.ics";

/** The server's side: whether an address is active, changed by the panel's POST and DELETE. */
const server = (initially: { active: boolean; issuedAt: string | null }) => {
  let feed = initially;
  return fakeApi({
    "GET /api/account/calendar-feed": () => json(feed),
    "POST /api/account/calendar-feed": () => {
      feed = { active: true, issuedAt: "2026-11-24T12:00:00.000Z" };
      return json({ url: URL_ISSUED, issuedAt: feed.issuedAt }, { status: 201 });
    },
    "DELETE /api/account/calendar-feed": () => {
      feed = { active: false, issuedAt: null };
      return new Response(null, { status: 204 });
    },
  });
};
const show = () => renderRoutes([{ path: "/", element: <CalendarFeedPanel /> }], "/");

describe("my lessons in my calendar", () => {
  afterEach(() => vi.restoreAllMocks());

  it("creates an address and shows it once, to copy, with a warning that it will not be shown again", async () => {
    const calls = server({ active: false, issuedAt: null });
    show();
    expect(await screen.findByText("Você ainda não tem um endereço de calendário.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Criar endereço" }));
    expect(await screen.findByLabelText("Endereço do seu calendário")).toHaveValue(URL_ISSUED);
    expect(screen.getByText(/este endereço não será mostrado de novo/)).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Criar novo endereço (o atual deixa de funcionar)" }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("turns an active address off after confirmation", async () => {
    const calls = server({ active: true, issuedAt: "2026-11-01T12:00:00.000Z" });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    show();
    expect(await screen.findByText(/Seu endereço de calendário está ativo desde/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Desativar endereço" }));
    expect(await screen.findByText("Você ainda não tem um endereço de calendário.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
  });

  it("keeps the address when the confirmation is declined", async () => {
    const calls = server({ active: true, issuedAt: "2026-11-01T12:00:00.000Z" });
    vi.spyOn(window, "confirm").mockReturnValue(false);
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Desativar endereço" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    expect(screen.getByText(/está ativo desde/)).toBeInTheDocument();
  });

  it("says so when the address's state cannot be read", async () => {
    fakeApi({ "GET /api/account/calendar-feed": () => json({ message: "error.http.500" }, { status: 500 }) });
    show();
    await waitFor(() => expect(screen.getByRole("alert")).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Criar endereço" })).not.toBeInTheDocument();
  });
});
