import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LiveFeedProvider } from "../../lib/socket";
import { fakeApi, json } from "../../test/fake-api";
import { createManualFeed } from "../../test/manual-feed";
import { renderRoutes, whereAmI } from "../../test/render";
import { student } from "../../test/render-area";
import { signInStudentForEachTest } from "../../test/sign-in";
import { purchasingRoutes } from "./routes";
import { DEBIT_DATA, purchaseView } from "./test/purchase-server";

signInStudentForEachTest();
afterEach(() => vi.restoreAllMocks());

/** /debit/confirmation opened with what the purchase page hands over through the router. */
const openWith = (state: unknown, more: Parameters<typeof fakeApi>[0] = {}) => {
  const calls = fakeApi({ "GET /api/account": () => json(student()), ...more });
  const live = createManualFeed();
  const { router } = renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={live.feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: [...purchasingRoutes, whereAmI("/"), whereAmI("/student/contratar-aulas")],
      },
    ],
    "/",
  );
  // Opened as the purchase page opens it: a navigation carrying the router state.
  void router.navigate("/debit/confirmation", { state });
  return { live, router, calls };
};

describe("the debit card's bank authentication", () => {
  it("posts MD, PaReq and TermUrl to the bank's address inside the page's frame, at once", async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    openWith({ purchaseId: 41, authorization: DEBIT_DATA });
    const frame = await screen.findByTitle("Página de autenticação do banco");
    expect(frame.tagName).toBe("IFRAME");
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0] as HTMLFormElement;
    expect(form.method).toBe("post");
    expect(form.action).toBe(DEBIT_DATA.redirect_url);
    expect(form.target).toBe(frame.getAttribute("name"));
    expect(Object.fromEntries(new FormData(form))).toEqual({
      MD: "pay-9",
      PaReq: "PAREQ-XYZ",
      TermUrl: DEBIT_DATA.term_url,
    });
  });

  it("makes a TermUrl given as a path whole with the address the app is on, and posts to a bank page of ours by its path", async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const ours = { ...DEBIT_DATA, redirect_url: "/api/sandbox/issuer", term_url: "/api/purchases/41/debit-return" };
    openWith({ purchaseId: 41, authorization: ours });
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0] as HTMLFormElement;
    expect(form.action).toBe(`${window.location.origin}/api/sandbox/issuer`);
    expect(new FormData(form).get("TermUrl")).toBe(`${window.location.origin}/api/purchases/41/debit-return`);
  });

  it("opens the bank's page again, or gives the purchase up and shows its result, when the bank does not answer", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { calls } = openWith(
      { purchaseId: 41, authorization: DEBIT_DATA },
      { "POST /api/purchases/41/abandon": () => json(purchaseView({ id: 41, method: "DEBIT", status: "FAILED" })) },
    );
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const actor = userEvent.setup();
    await actor.click(screen.getByRole("button", { name: "Abrir a página do banco de novo" }));
    expect(submit).toHaveBeenCalledTimes(2);
    await actor.click(screen.getByRole("button", { name: "Desistir desta compra" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/student/contratar-aulas?purchase=41");
    expect(calls.filter((call) => call.path === "/api/purchases/41/abandon")).toHaveLength(1);
  });

  it("says why a purchase could not be given up, and stays", async () => {
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    openWith(
      { purchaseId: 41, authorization: DEBIT_DATA },
      {
        "POST /api/purchases/41/abandon": () => json({ message: "error.purchase.notAbandonable" }, { status: 409 }),
      },
    );
    await userEvent.setup().click(await screen.findByRole("button", { name: "Desistir desta compra" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Esta compra não está aguardando o banco: não há o que desistir.",
    );
    expect(screen.getByTitle("Página de autenticação do banco")).toBeInTheDocument();
  });

  it("goes to the purchase's result when its push says it was settled", async () => {
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { live } = openWith({ purchaseId: 41, authorization: DEBIT_DATA });
    await screen.findByTitle("Página de autenticação do banco");
    // The page listens from its first effects on.
    await waitFor(() => expect(live.listenerCount("purchase:updated")).toBe(1));
    act(() => live.push("purchase:updated", { purchaseId: 7, status: "PAID" }));
    expect(screen.getByTitle("Página de autenticação do banco")).toBeInTheDocument();
    act(() => live.push("purchase:updated", { purchaseId: 41, status: "PAID" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/student/contratar-aulas?purchase=41");
  });

  it("says there is nothing to confirm when opened without a payment", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    openWith(null);
    expect(await screen.findByText("Nenhum pagamento no débito aguardando confirmação.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar para Contratar aulas" })).toHaveAttribute(
      "href",
      "/student/contratar-aulas",
    );
    expect(submit).not.toHaveBeenCalled();
  });
});
