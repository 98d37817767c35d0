import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { linksOf } from "../test/links";
import { renderRoutes } from "../test/render";
import { routes } from "./routes";

// The whole app at "/", for a visitor who is not signed in: the landing page inside the real header and footer.
const renderLanding = () => {
  fakeApi({
    "GET /api/item-packages": () => json([{ id: 1, amount: 1, value: 47 }]),
  });
  return renderRoutes(routes, "/");
};

const region = (name: string) => screen.getByRole("region", { name });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("the landing page", () => {
  it("opens on a banner whose free-trial button leads to the student sign-up", () => {
    renderLanding();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Fale inglês com confiança, com professores de verdade e no seu horário",
    );
    const trials = screen.getAllByRole("link", { name: "Agende sua aula experimental grátis" });
    expect(trials.length).toBeGreaterThan(0);
    for (const trial of trials) expect(trial).toHaveAttribute("href", "/registro/aluno");
  });

  it("gives the six reasons to choose it: free trial, no monthly or enrolment fee, pay per use, free material, vetted teachers", () => {
    renderLanding();
    const why = region("Por que escolher a English Lessons?");
    expect(
      within(why)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      "Aula experimental grátis",
      "Sem mensalidade",
      "Sem taxa de matrícula",
      "Pague só pelo que usar",
      "Material didático gratuito",
      "Professores avaliados",
    ]);
    expect(why).toHaveTextContent("Professores selecionados e avaliados pelos alunos a cada aula.");
  });

  it("explains how it works in three numbered steps", () => {
    renderLanding();
    const steps = within(region("Como funciona")).getAllByRole("listitem");
    expect(steps.map((step) => within(step).getByRole("heading").textContent)).toEqual([
      "Cadastre-se",
      "Agende",
      "Participe",
    ]);
    expect(steps.map((step) => step.textContent?.charAt(0))).toEqual(["1", "2", "3"]);
  });

  it("backs 'avaliados pelos alunos' with the real average and count of students' ratings", async () => {
    fakeApi({
      "GET /api/item-packages": () => json([{ id: 1, amount: 1, value: 47 }]),
      "GET /api/teachers/ratings": () => json({ average: 4.7, ratings: 12, teachers: 3 }),
    });
    renderRoutes(routes, "/");
    expect(
      await within(region("Uma rede de professores preparados")).findByText(
        "Nota média 4,7 de 5, em 12 avaliações de alunos",
      ),
    ).toBeInTheDocument();
  });

  it("leaves the figure out before the first rating", async () => {
    const calls = fakeApi({
      "GET /api/item-packages": () => json([{ id: 1, amount: 1, value: 47 }]),
      "GET /api/teachers/ratings": () => json({ average: null, ratings: 0, teachers: 0 }),
    });
    renderRoutes(routes, "/");
    await screen.findByRole("article", { name: "Pacote de 1 aula" });
    await waitFor(() => expect(calls.some((call) => call.path === "/api/teachers/ratings")).toBe(true));
    expect(screen.queryByText(/Nota média/)).not.toBeInTheDocument();
  });

  it("presents the teacher network with a way to apply as a teacher", () => {
    renderLanding();
    const teachers = region("Uma rede de professores preparados");
    expect(within(teachers).getByText("Seleção e aprovação pela nossa equipe")).toBeInTheDocument();
    expect(within(teachers).getByText("Avaliados pelos alunos a cada aula")).toBeInTheDocument();
    expect(within(teachers).getByRole("link", { name: "Quero ser professor" })).toHaveAttribute(
      "href",
      "/registro/professor",
    );
  });

  it("shows three student testimonials, each rated five stars", () => {
    renderLanding();
    const testimonials = within(region("O que dizem nossos alunos")).getAllByRole("figure");
    expect(testimonials.map((testimonial) => within(testimonial).getByRole("strong").textContent)).toEqual([
      "Mariana Costa",
      "Rafael Almeida",
      "Juliana Pereira",
    ]);
    for (const testimonial of testimonials) {
      expect(within(testimonial).getByRole("img", { name: "5 de 5 estrelas" })).toBeInTheDocument();
      expect(within(testimonial).getByRole("blockquote")).not.toBeEmptyDOMElement();
    }
  });

  it("claims over 1100 students, over 26000 lessons and 97% satisfaction", () => {
    renderLanding();
    const stats = region("Números");
    expect(stats).toHaveTextContent("+1.100 alunos");
    expect(stats).toHaveTextContent("+26.000 aulas realizadas");
    expect(stats).toHaveTextContent("97% de satisfação");
  });

  it("shows the lesson packs and the payment methods: card, boleto and Pix", async () => {
    renderLanding();
    const prices = region("Pacotes de aulas");
    expect(await within(prices).findByRole("article", { name: "Pacote de 1 aula" })).toHaveTextContent("R$ 47,00");

    const methods = within(region("Formas de pagamento")).getAllByRole("listitem");
    expect(methods.map((method) => within(method).getByRole("strong").textContent)).toEqual([
      "Cartão",
      "Boleto",
      "Pix",
    ]);
    expect(methods[0]).toHaveTextContent("Crédito em até 4x sem juros, ou débito");
  });

  it("keeps a chat-contact link floating over the page, opening in a new tab", () => {
    renderLanding();
    const chat = screen.getByRole("link", { name: /Fale conosco/ });
    expect(chat).toHaveAttribute("href", "https://wa.me/5511998765432");
    expect(chat).toHaveAttribute("target", "_blank");
  });

  it("ends with the footer: site links, social links and contact details", () => {
    renderLanding();
    const footer = screen.getByRole("contentinfo");
    expect(linksOf(within(footer).getByRole("navigation", { name: "Links do site" }))).toEqual([
      ["Início", "/"],
      ["Seja um professor", "/registro/professor"],
      ["Entrar", "/login"],
      ["Cadastre-se", "/registro/aluno"],
      ["Política de privacidade", "/privacypolicy"],
    ]);
    expect(
      within(within(footer).getByRole("list", { name: "Redes sociais" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Facebook", "Instagram", "LinkedIn", "YouTube"]);
    expect(within(footer).getByRole("link", { name: "contato@englishlessons.com.br" })).toHaveAttribute(
      "href",
      "mailto:contato@englishlessons.com.br",
    );
    expect(footer).toHaveTextContent("WhatsApp +55 (11) 99876-5432");
  });
});
