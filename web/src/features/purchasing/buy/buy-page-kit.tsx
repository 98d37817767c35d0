/** What the buy page's specs share: the clock, the signed-in student, and the steps a student takes. */
import { CHECKOUT_DELAY_MS } from "@el/domain/purchasing/purchase-views";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router-dom";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { LiveFeedProvider } from "../../../lib/socket";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { renderStudentArea, studentArea } from "../../../test/render-area";
import { signInStudentForEachTest } from "../../../test/sign-in";
import { purchasingRoutes } from "../routes";

/** A signed-in student, and the 5 s between the pre-order and the checkout passing when the test says. */
export const setUpBuyPage = () => {
  signInStudentForEachTest();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2026-11-24T17:00:00.000Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
};

export const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
export const openPage = (path = "/student/contratar-aulas") => renderStudentArea(path);
export const card = (name: string) => screen.findByRole("article", { name });
export const add = async (actor: ReturnType<typeof user>, amount: number, times = 1) => {
  const pack = await card(amount === 1 ? "Pacote de 1 aula" : `Pacote de ${amount} aulas`);
  for (let index = 0; index < times; index += 1) {
    await actor.click(within(pack).getByRole("button", { name: `Adicionar um pacote de ${amount} aulas` }));
  }
};
export const field = (label: string) => screen.getByLabelText(label);
/** The modal's own "Fechar" at its foot (the × in its corner has the same name). */
export const closeButton = (dialog: HTMLElement) =>
  within(dialog).getAllByRole("button", { name: "Fechar" }).at(-1) as HTMLElement;

/** The student area and the bank's page, as the app puts them together. */
export const renderStudentAreaWithDebitPage = () => {
  const live = createManualFeed();
  renderRoutes(
    [
      {
        element: (
          <LiveFeedProvider feed={live.feed}>
            <Outlet />
          </LiveFeedProvider>
        ),
        children: [...studentArea, ...purchasingRoutes],
      },
    ],
    "/student/contratar-aulas",
  );
  return live;
};

/** Fills the buyer and address (the CEP fills street, neighbourhood, city and state) and waits for the lookup. */
export const fillBuyer = async (actor: ReturnType<typeof user>, cpf = "52998224725") => {
  await actor.type(field("CPF"), cpf);
  await actor.type(field("CEP"), "01310100");
  await waitFor(() => expect(field("Rua")).toHaveValue("Avenida Paulista"));
  await actor.type(field("Número"), "1000");
};
export const fillCard = async (actor: ReturnType<typeof user>, number = "4111111111111111") => {
  await actor.type(field("Número do cartão"), number);
  await actor.type(field("Nome impresso no cartão"), "ANA SOUZA");
  await actor.type(field("Validade (MM/AA)"), "1230");
  await actor.type(field("CVC"), "123");
};
export const startPurchase = async (actor: ReturnType<typeof user>) =>
  actor.click(screen.getByRole("button", { name: "Continuar para o pagamento" }));
export const placeOrder = async (actor: ReturnType<typeof user>) => {
  await actor.click(screen.getByRole("button", { name: "Finalizar compra" }));
  await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_DELAY_MS));
};
