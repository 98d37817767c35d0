import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n, { LANGUAGE_KEY } from "../i18n/i18n";
import { TOKEN_KEY } from "../lib/api";
import { SessionProvider } from "../lib/session/session-provider";
import { LiveFeedProvider } from "../lib/socket";
import { fakeApi, json } from "../test/fake-api";
import { linksOf } from "../test/links";
import { createManualFeed } from "../test/manual-feed";
import { routes } from "./routes";

/** The whole app at `path`, as a browser would open it; signed-in areas get a feed instead of a socket. */
const openApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SessionProvider>
      <LiveFeedProvider feed={createManualFeed().feed}>
        <RouterProvider router={router} />
      </LiveFeedProvider>
    </SessionProvider>,
  );
  return router;
};

const signedInAs = (authorities: string[]) => {
  localStorage.setItem(TOKEN_KEY, "token");
  return fakeApi({
    "GET /api/account": () =>
      json({ id: 5, login: "lia@example.com", email: "lia@example.com", activated: true, authorities }),
  });
};

const header = () => screen.getByRole("banner");
const menu = () => within(header()).getByRole("navigation");

const scrollTo = (y: number) => {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  fireEvent.scroll(window);
};

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage("pt-br");
  scrollTo(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the app shell", () => {
  it("answers an unknown path with 'The page does not exist.' in the chosen language, and a link home", async () => {
    fakeApi({});
    const router = openApp("/nada-aqui");
    expect(await screen.findByRole("alert")).toHaveTextContent("A página não existe.");
    await act(() => i18n.changeLanguage("en"));
    expect(screen.getByRole("alert")).toHaveTextContent("The page does not exist.");
    await userEvent
      .setup()
      .click(within(screen.getByRole("alert")).getByRole("link", { name: "Back to the home page" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("/calendar is the Google Calendar authorisation's return page for a signed-in teacher", async () => {
    signedInAs(["ROLE_USER", "ROLE_TEACHER"]);
    openApp("/calendar?error=access_denied&state=s");
    expect(await screen.findByText(/a autorização foi recusada ou cancelada/)).toBeInTheDocument();
    expect(screen.queryByText(/em construção/)).toBeNull();
  });

  it.each([
    ["/google", "A entrada com Google não foi concluída."],
    ["/facebook", "A entrada com Facebook não foi concluída."],
  ])("%s is the social sign-in's return page (here without a code: the person cancelled)", async (path, text) => {
    fakeApi({});
    openApp(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each(["/checkout", "/debit/confirmation"])("sends an anonymous visitor of %s to sign in", async (path) => {
    fakeApi({});
    const router = openApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("opens the purchase of lessons at /checkout for a signed-in student, who stays there", async () => {
    const calls = signedInAs(["ROLE_USER", "ROLE_STUDENT"]);
    const router = openApp("/checkout");
    expect(await screen.findByRole("heading", { name: "Contratar aulas", level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/checkout");
    await waitFor(() => expect(calls.some((call) => call.path === "/api/item-packages")).toBe(true));
  });

  it("opens in Portuguese; EN switches to English and keeps the choice for the session", async () => {
    fakeApi({});
    openApp("/privacypolicy");
    const user = userEvent.setup();
    expect(within(menu()).getByRole("link", { name: "Entrar" })).toBeInTheDocument();
    expect(within(menu()).getByRole("button", { name: "PT" })).toHaveAttribute("aria-pressed", "true");
    expect(document.documentElement).toHaveAttribute("lang", "pt-BR");

    await user.click(within(menu()).getByRole("button", { name: "EN" }));
    expect(await within(menu()).findByRole("link", { name: "Sign in" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("lang", "en");
    expect(within(menu()).getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");
    expect(sessionStorage.getItem(LANGUAGE_KEY)).toBe("en");

    await user.click(within(menu()).getByRole("button", { name: "PT" }));
    expect(await within(menu()).findByRole("link", { name: "Entrar" })).toBeInTheDocument();
    expect(sessionStorage.getItem(LANGUAGE_KEY)).toBe("pt-br");
    expect(document.documentElement).toHaveAttribute("lang", "pt-BR");
  });

  it("offers an anonymous visitor home, the teachers, teacher sign-up, login and the free lesson", async () => {
    fakeApi({});
    openApp("/privacypolicy");
    expect(linksOf(menu())).toEqual([
      ["Início", "/"],
      ["Professores", "/professores"],
      ["Seja um professor", "/registro/professor"],
      ["Entrar", "/login"],
      ["Aula grátis", "/registro/aluno"],
    ]);
  });

  it.each([
    [["ROLE_USER", "ROLE_STUDENT"], "/student", true],
    [["ROLE_USER", "ROLE_TEACHER"], "/teacher", true],
    [["ROLE_USER", "ROLE_ADMIN"], "/gerencia", false],
  ])(
    "offers a user with %j home, the teachers, their area (%s), their messages (%s), their password and sign-out",
    async (authorities, area, messages) => {
      signedInAs(authorities);
      openApp("/privacypolicy");
      await within(menu()).findByRole("link", { name: "Sair" });
      if (messages) await within(menu()).findByRole("link", { name: "Mensagens" });
      expect(linksOf(menu())).toEqual([
        ["Início", "/"],
        ["Professores", "/professores"],
        ["Minha área", area],
        ...(messages ? [["Mensagens", "/mensagens"]] : []),
        ["Alterar senha", "/account/password"],
        ["Sair", "/logout"],
      ]);
    },
  );

  it("keeps the bar transparent over the landing banner until the page scrolled past 400 px", async () => {
    fakeApi({});
    openApp("/");
    await screen.findByRole("heading", { level: 1 });
    expect(header()).toHaveClass("app-header-transparent");
    scrollTo(400);
    expect(header()).toHaveClass("app-header-transparent");
    scrollTo(401);
    await waitFor(() => expect(header()).not.toHaveClass("app-header-transparent"));
    scrollTo(120);
    await waitFor(() => expect(header()).toHaveClass("app-header-transparent"));
  });

  it("shows the semi-opaque bar on every other page, scrolled or not", async () => {
    fakeApi({});
    openApp("/privacypolicy");
    await screen.findByRole("heading", { name: "Política de privacidade" });
    expect(header()).not.toHaveClass("app-header-transparent");
  });

  it("links the footer to home, becoming a teacher, login, sign-up and the privacy policy", async () => {
    fakeApi({});
    openApp("/privacypolicy");
    const footerLinks = within(screen.getByRole("contentinfo")).getByRole("navigation", { name: "Links do site" });
    expect(linksOf(footerLinks)).toEqual([
      ["Início", "/"],
      ["Seja um professor", "/registro/professor"],
      ["Entrar", "/login"],
      ["Cadastre-se", "/registro/aluno"],
      ["Política de privacidade", "/privacypolicy"],
    ]);
  });

  it("links the footer of a signed-in student to their area instead of login and sign-up", async () => {
    signedInAs(["ROLE_USER", "ROLE_STUDENT"]);
    openApp("/privacypolicy");
    await within(menu()).findByRole("link", { name: "Sair" });
    const footerLinks = within(screen.getByRole("contentinfo")).getByRole("navigation", { name: "Links do site" });
    expect(linksOf(footerLinks)).toEqual([
      ["Início", "/"],
      ["Seja um professor", "/registro/professor"],
      ["Minha área", "/student"],
      ["Política de privacidade", "/privacypolicy"],
    ]);
  });

  it("shows the privacy policy in its seven sections", async () => {
    fakeApi({});
    openApp("/privacypolicy");
    await screen.findByRole("heading", { name: "Política de privacidade" });
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "1. Informações que coletamos",
      "2. Como usamos suas informações",
      "3. Compartilhamento de informações",
      "4. Cookies e armazenamento local",
      "5. Segurança",
      "6. Alterações desta política",
      "7. Contato",
    ]);
  });

  it.each([
    [["ROLE_USER", "ROLE_STUDENT"], "/student"],
    [["ROLE_USER", "ROLE_TEACHER"], "/teacher"],
  ])("sends a signed-in user with %j from the landing page to %s", async (authorities, area) => {
    signedInAs(authorities);
    const router = openApp("/");
    await waitFor(() => expect(router.state.location.pathname).toBe(area));
  });

  it("leaves an administrator on the landing page", async () => {
    signedInAs(["ROLE_USER", "ROLE_ADMIN"]);
    const router = openApp("/");
    await within(menu()).findByRole("link", { name: "Sair" });
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    ["following Sair", "/privacypolicy"],
    ["opening /logout", "/logout"],
  ])(
    "signs out when %s: goes to the landing page in place of /logout and says 'Você saiu com sucesso!'",
    async (_, path) => {
      signedInAs(["ROLE_USER", "ROLE_STUDENT"]);
      const router = openApp(path);
      if (path !== "/logout") await userEvent.setup().click(await within(menu()).findByRole("link", { name: "Sair" }));
      await waitFor(() => expect(router.state.location.pathname).toBe("/"));
      // /logout was replaced: Back does not open it again.
      expect(router.state.historyAction).toBe("REPLACE");
      expect(await screen.findByText("Você saiu com sucesso!")).toBeVisible();
      await screen.findByRole("heading", { level: 1 });
      expect(within(menu()).getByRole("link", { name: "Entrar" })).toBeInTheDocument();
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    },
  );

  it("shows the success of a page that then navigated away on the next page", async () => {
    fakeApi({
      "POST /api/account/reset-password/finish": () =>
        new Response(null, { status: 200, headers: { "X-app-alert": "reset.finish.messages.success" } }),
    });
    const router = openApp("/account/reset/finish/abc123");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Nova senha"), "Nova#Senha9");
    await user.type(screen.getByLabelText("Confirme a nova senha"), "Nova#Senha9");
    await user.click(screen.getByRole("button", { name: "Salvar nova senha" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Sua senha foi redefinida. Você já pode entrar com a nova senha.")).toBeVisible();
  });
});
