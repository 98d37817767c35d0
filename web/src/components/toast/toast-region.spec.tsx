import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/i18n";
import { announceSuccess, api, request } from "../../lib/api";
import { fakeApi, json } from "../../test/fake-api";
import { TOAST_MS, ToastRegion } from "./toast-region";

const alerted = (key: string, param?: string) =>
  json({}, { headers: { "X-app-alert": key, ...(param === undefined ? {} : { "X-app-params": param }) } });

/**
 * A back end whose changes answer like ours (backend/src/http/alert.ts): the alert key, and its parameters
 * percent-encoded, one value alone or several by name.
 */
const server = () =>
  fakeApi({
    "POST /api/users": () => alerted("userManagement.created", encodeURIComponent("joão+1@example.com")),
    "POST /api/account": () => alerted("settings.messages.success"),
    "DELETE /api/schedulings/41": () => alerted("lessons.alerts.cancelledRefunded", "41"),
    "POST /api/lessons": () =>
      alerted(
        "teacher.accept.claimed",
        `trail=${encodeURIComponent("3 - Férias & viagens")}&date=03%2F12&time=10%3A00&student=${encodeURIComponent("João")}`,
      ),
    "GET /api/users": () => alerted("userManagement.created", "ana"),
  });

const toasts = () => screen.getByRole("status");

beforeEach(async () => {
  await i18n.changeLanguage("pt-br");
  render(<ToastRegion />);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("success toasts", () => {
  it("show the translated X-app-alert of a successful change, with its parameter", async () => {
    server();
    await act(() => api.post("api/users", { login: "joão+1@example.com" }));
    expect(toasts()).toHaveTextContent("Usuário joão+1@example.com criado com sucesso.");
  });

  it("show an alert key's Portuguese with its accents, and its English once English is chosen", async () => {
    server();
    await act(() => api.delete("api/schedulings/41"));
    expect(toasts()).toHaveTextContent("Aula cancelada. O crédito foi devolvido.");
    await act(() => i18n.changeLanguage("en"));
    await act(() => api.delete("api/schedulings/41"));
    expect(toasts()).toHaveTextContent("Lesson cancelled. The credit is back in your balance.");
  });

  it("fill in several parameters named in the header", async () => {
    server();
    await act(() => api.post("api/lessons", {}));
    expect(toasts()).toHaveTextContent(
      'Aula aceita com sucesso! 3 - Férias & viagens em 03/12 às 10:00 com João. Ela está em "Suas aulas"',
    );
  });

  it("speak the chosen language", async () => {
    server();
    await act(() => i18n.changeLanguage("en"));
    await act(() => api.post("api/account", {}));
    expect(toasts()).toHaveTextContent("Settings saved!");
  });

  it("say nothing for reads, nor when the page shows the outcome itself", async () => {
    server();
    await act(() => api.get("api/users"));
    await act(() => api.post("api/account", {}, { successAlert: false }));
    expect(toasts()).toBeEmptyDOMElement();
  });

  it("show a request's own success message instead of the header", async () => {
    server();
    await act(() => request("POST", "api/account", { body: {}, successAlert: "password.messages.success" }));
    expect(toasts()).toHaveTextContent("Senha alterada com sucesso!");
    expect(toasts()).not.toHaveTextContent("Configurações salvas");
  });

  it("show a success announced without a request", async () => {
    await act(async () => announceSuccess({ key: "register.messages.success" }));
    expect(toasts()).toHaveTextContent("Cadastro realizado com sucesso!");
  });

  it("go away on their own, and at once with the close button", async () => {
    server();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await act(() => api.post("api/account", {}));
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS / 2));
    await act(() => api.post("api/users", {}));
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS / 2));
    expect(toasts()).not.toHaveTextContent("Configurações salvas com sucesso!");
    expect(toasts()).toHaveTextContent("criado com sucesso");

    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole("button", { name: "Fechar" }));
    expect(toasts()).toBeEmptyDOMElement();
  });
});
