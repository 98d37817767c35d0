import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n";
import { TOKEN_KEY } from "../../lib/api";
import { SessionProvider } from "../../lib/session/session-provider";
import { PriceCards } from "./price-cards";

/** The five packs of spec section 9, in reais, as `api/item-packages` answers them. */
const PACKAGES = [
  { id: 5, amount: 24, value: 900 },
  { id: 1, amount: 1, value: 47 },
  { id: 2, amount: 4, value: 180 },
  { id: 3, amount: 8, value: 340 },
  { id: 4, amount: 12, value: 480 },
];

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

const renderCards = () =>
  render(
    <SessionProvider>
      <MemoryRouter>
        <PriceCards />
      </MemoryRouter>
    </SessionProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("the price cards of the landing page", () => {
  it("show each pack's price, price per lesson and savings against the single lesson", async () => {
    vi.stubGlobal("fetch", answer(PACKAGES));
    renderCards();

    const twelve = await screen.findByRole("article", { name: "Pacote de 12 aulas" });
    expect(within(twelve).getByText("R$ 480,00")).toBeInTheDocument();
    expect(within(twelve).getByText("R$ 40,00 por aula")).toBeInTheDocument();
    expect(within(twelve).getByText("Economize 14,8%")).toBeInTheDocument();
    expect(within(twelve).getByText("Trimestral")).toBeInTheDocument();

    const twentyFour = screen.getByRole("article", { name: "Pacote de 24 aulas" });
    expect(within(twentyFour).getByText("Economize 20,2%")).toBeInTheDocument();
    expect(within(twentyFour).getByText("Trimestral (2x)")).toBeInTheDocument();

    const single = screen.getByRole("article", { name: "Pacote de 1 aula" });
    expect(within(single).getByText("R$ 47,00")).toBeInTheDocument();
    expect(within(single).queryByText(/Economize/)).not.toBeInTheDocument();
  });

  it("lists the packs from the smallest and colours their border by amount: 1, 2–4, 5–8, above 8", async () => {
    vi.stubGlobal("fetch", answer(PACKAGES));
    renderCards();

    const cards = await screen.findAllByRole("article");
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
      "Pacote de 1 aula",
      "Pacote de 4 aulas",
      "Pacote de 8 aulas",
      "Pacote de 12 aulas",
      "Pacote de 24 aulas",
    ]);
    expect(cards.map((card) => card.className.replace("price-card ", ""))).toEqual([
      "price-card-single",
      "price-card-small",
      "price-card-medium",
      "price-card-large",
      "price-card-large",
    ]);
  });

  it("says so when the answer is not a list of packs", async () => {
    vi.stubGlobal("fetch", answer([{ id: 1, amount: 0, value: 47 }]));
    renderCards();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("says so when the packs cannot be loaded", async () => {
    vi.stubGlobal("fetch", answer({ message: "error.http.500" }, 500));
    renderCards();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });

  it("send a visitor to sign up first", async () => {
    vi.stubGlobal("fetch", answer(PACKAGES));
    renderCards();
    const single = await screen.findByRole("article", { name: "Pacote de 1 aula" });
    expect(within(single).getByRole("link", { name: "Começar agora" })).toHaveAttribute("href", "/registro/aluno");
  });

  it("send a signed-in student straight to buying lessons", async () => {
    sessionStorage.setItem(TOKEN_KEY, "student-token");
    const student = { id: 5, login: "ana@example.com", email: "ana@example.com", activated: true };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const body = String(input).includes("/api/account")
          ? { ...student, authorities: ["ROLE_USER", "ROLE_STUDENT"] }
          : PACKAGES;
        return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );
    renderCards();
    const single = await screen.findByRole("article", { name: "Pacote de 1 aula" });
    await waitFor(() =>
      expect(within(single).getByRole("link", { name: "Começar agora" })).toHaveAttribute(
        "href",
        "/student/contratar-aulas",
      ),
    );
  });
});
