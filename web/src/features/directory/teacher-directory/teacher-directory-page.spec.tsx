import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferred, type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { teacherCard } from "../directory-fixtures";
import { TeacherDirectoryPage } from "./teacher-directory-page";

const LEVELS = [
  { id: 1, name: "Básico", active: true },
  { id: 2, name: "Intermediário", active: true },
];

const server = (teachers: (request: FakeRequest) => Response | Promise<Response>) =>
  fakeApi({ "GET /api/teachers": teachers, "GET /api/levels": () => json(LEVELS) });

const show = (path = "/professores") =>
  renderRoutes([{ path: "/professores", element: <TeacherDirectoryPage /> }], path);

const teacherCalls = (calls: FakeRequest[]) => calls.filter((call) => call.path === "/api/teachers");

afterEach(() => vi.unstubAllGlobals());

describe("the teacher directory", () => {
  it("shows each teacher's photo or initials, name, rating, lessons, specialities, languages, bio and next free slot", async () => {
    server(() =>
      json({
        content: [
          teacherCard(),
          teacherCard({
            id: 22,
            firstName: "Carlos",
            lastName: null,
            photoUrl: "api/teacher-photos/abc/256",
            rating: null,
            ratingCount: 0,
            lessonsGiven: 1,
            specialities: [],
            languages: ["en"],
            nextFreeSlot: null,
          }),
        ],
        totalElements: 2,
      }),
    );
    show();
    const ana = await screen.findByRole("article", { name: "Ana Lima" });
    expect(within(ana).getByRole("link", { name: "Ana Lima" })).toHaveAttribute("href", "/professores/21");
    expect(within(ana).getByText("4,5 · 12 avaliações")).toBeInTheDocument();
    expect(within(ana).getByText("230 aulas dadas")).toBeInTheDocument();
    expect(within(ana).getByText("Inglês para negócios")).toBeInTheDocument();
    expect(within(ana).getByText("Idiomas: Inglês, Português")).toBeInTheDocument();
    expect(within(ana).getByText("Ensino inglês para negócios há dez anos.")).toBeInTheDocument();
    expect(within(ana).getByText("Próximo horário livre: ter., 01/12 às 18:00")).toBeInTheDocument();
    const carlos = screen.getByRole("article", { name: "Carlos" });
    expect(within(carlos).getByRole("img", { name: "Foto de Carlos" })).toHaveAttribute(
      "src",
      "/api/teacher-photos/abc/256",
    );
    expect(within(carlos).getByText("Ainda sem avaliações")).toBeInTheDocument();
    expect(within(carlos).getByText("1 aula dada")).toBeInTheDocument();
    expect(within(carlos).getByText("Sem horários livres nas próximas duas semanas")).toBeInTheDocument();
    expect(screen.getByText("2 professores encontrados")).toBeInTheDocument();
  });

  it("says it is loading until the teachers arrive", async () => {
    const answer = deferred();
    server(() => answer.promise);
    show();
    expect(await screen.findByText("Carregando...")).toBeInTheDocument();
    answer.release(json({ content: [teacherCard()], totalElements: 1 }));
    expect(await screen.findByRole("article", { name: "Ana Lima" })).toBeInTheDocument();
    expect(screen.queryByText("Carregando...")).not.toBeInTheDocument();
  });

  it("says when no teacher matches", async () => {
    server(() => json({ content: [], totalElements: 0 }));
    show();
    expect(
      await screen.findByText("Nenhum professor encontrado com esses filtros. Tente limpar alguns deles."),
    ).toBeInTheDocument();
  });

  it("shows the server's failure", async () => {
    server(() => json({}, { status: 500 }));
    show();
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });

  it("searches by name and filters, keeping them in the URL, and sends them to the API", async () => {
    const calls = server(() => json({ content: [teacherCard()], totalElements: 1 }));
    const { router } = show();
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Ana Lima" });
    await user.type(screen.getByLabelText("Nome do professor"), "ana");
    await user.selectOptions(screen.getByLabelText("Especialidade"), "Inglês para viagens");
    await user.selectOptions(screen.getByLabelText("Idioma"), "Português");
    await waitFor(() => expect(screen.getByRole("option", { name: "Intermediário" })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText("Nível"), "Intermediário");
    await user.selectOptions(screen.getByLabelText("Avaliação mínima"), "4 estrelas ou mais");
    await user.click(screen.getByLabelText("Livre esta semana"));
    await user.click(screen.getByRole("button", { name: "Buscar" }));
    await waitFor(() => expect(router.state.location.search).toContain("q=ana"));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      "q=ana&speciality=TRAVEL&language=pt&levelId=2&minRating=4&freeThisWeek=true",
    );
    await waitFor(() => expect(teacherCalls(calls)).toHaveLength(2));
    const query = teacherCalls(calls)[1]?.query;
    expect(
      Object.fromEntries([...(query ?? new URLSearchParams())].filter(([name]) => name !== "cacheBuster")),
    ).toEqual({
      q: "ana",
      speciality: "TRAVEL",
      language: "pt",
      levelId: "2",
      minRating: "4",
      freeThisWeek: "true",
      sort: "relevance",
      page: "0",
      size: "12",
    });
    // The form shows what the URL says once the page is rebuilt from it.
    expect(screen.getByLabelText("Nome do professor")).toHaveValue("ana");
    await user.click(screen.getByRole("button", { name: "Limpar" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("opens with the filters, order and page a shared URL names, sorts and turns pages", async () => {
    const calls = server((request) =>
      json({
        content: [teacherCard({ id: 30 + Number(request.query.get("page")) })],
        totalElements: 30,
      }),
    );
    const { router } = show("/professores?speciality=BUSINESS&sort=rating&page=2");
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Ana Lima" });
    expect(teacherCalls(calls)[0]?.query.get("page")).toBe("1");
    expect(teacherCalls(calls)[0]?.query.get("sort")).toBe("rating");
    expect(screen.getByLabelText("Especialidade")).toHaveValue("BUSINESS");
    expect(screen.getByLabelText("Ordenar por")).toHaveValue("rating");
    expect(screen.getByRole("button", { name: "2" })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("button", { name: "3" }));
    await waitFor(() => expect(router.state.location.search).toBe("?speciality=BUSINESS&sort=rating&page=3"));
    await user.selectOptions(screen.getByLabelText("Ordenar por"), "Próximo horário livre");
    await waitFor(() => expect(router.state.location.search).toBe("?speciality=BUSINESS&sort=nextFreeSlot"));
    await waitFor(() => expect(teacherCalls(calls).at(-1)?.query.get("sort")).toBe("nextFreeSlot"));
    expect(teacherCalls(calls).at(-1)?.query.get("page")).toBe("0");
  });

  it("folds the filters under 'Filtros' on a phone, unfolded when the URL holds one", async () => {
    server(() => json({ content: [teacherCard()], totalElements: 1 }));
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const first = show();
    await screen.findByRole("article", { name: "Ana Lima" });
    const folded = screen.getByText("Filtros").closest("details");
    expect(folded).not.toHaveAttribute("open");
    expect(screen.getByLabelText("Nome do professor")).toBeVisible();
    first.unmount();
    show("/professores?language=pt");
    await screen.findByRole("article", { name: "Ana Lima" });
    expect(screen.getByText("Filtros").closest("details")).toHaveAttribute("open");
  });
});
