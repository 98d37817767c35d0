import type { MaterialView } from "@el/domain/catalog/catalog-views";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { deferred, fakeApi, json, pageOf } from "../../../test/fake-api";
import { optionNames } from "../../../test/options";
import { renderRoutes } from "../../../test/render";
import { adminArea } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

const material = (id: number, active = true): MaterialView => ({
  id,
  level: { id: 1, name: "Begginer", active: true },
  className: `Aula ${id}`,
  classNumber: id,
  fileContentType: "application/pdf",
  fileSize: 7,
  active,
  createdDate: "2026-03-01T12:00:00.000Z",
  lastModifiedDate: "2026-03-01T12:00:00.000Z",
});

const levels = [
  { id: 1, name: "Begginer", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 7, name: "Nível antigo", active: false },
];

/** 120 materials on the server; material 3 is inactive. */
const server = (overrides: Parameters<typeof fakeApi>[0] = {}) => {
  let materials = Array.from({ length: 120 }, (_, index) => material(index + 1, index + 1 !== 3));
  return fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/materials": ({ query }) => pageOf(materials, query),
    "GET /api/materials/2": () => json(materials[1]),
    "GET /api/levels": () => json(levels, { headers: { "X-Total-Count": "3" } }),
    "DELETE /api/materials/2": () => {
      materials = materials.map((item) => (item.id === 2 ? { ...item, active: false } : item));
      return new Response(null, { status: 204 });
    },
    "PUT /api/materials/3": ({ body }) => {
      materials = materials.map((item) =>
        item.id === 3 ? { ...item, active: (body as { active: boolean }).active } : item,
      );
      return json(materials[2]);
    },
    "PUT /api/materials/2": () => json(materials[1]),
    "POST /api/materials": ({ body }) => json({ ...material(500), ...(body as object) }, { status: 201 }),
    "GET /api/materials/1/download": () =>
      new Response("PDFDATA", {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="1 - Aula 1.pdf"; filename*=UTF-8''1%20-%20Aula%201%20%C3%A1.pdf`,
        },
      }),
    ...overrides,
  });
};

const rowOf = (className: string) => screen.getByText(className, { selector: "td" }).closest("tr") as HTMLElement;
const listCalls = (calls: ReturnType<typeof server>) => calls.filter((call) => call.path === "/api/materials");

signInAdministratorForEachTest();
afterEach(() => vi.restoreAllMocks());

describe("materials list", () => {
  it("lists every material, inactive ones included, with level, class and state", async () => {
    const calls = server();
    renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("table");
    expect(listCalls(calls)[0]?.query.get("all")).toBe("true");
    const row = rowOf("Aula 1");
    expect(row).toHaveTextContent("Begginer");
    expect(row).toHaveTextContent("Ativo");
    expect(within(row).getByRole("link", { name: "Desativar" })).toHaveAttribute(
      "href",
      "/gerencia/materiais/1/delete",
    );
    expect(within(rowOf("Aula 3")).getByRole("button", { name: "Ativar" })).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Editar" })).toHaveAttribute("href", "/gerencia/materiais/1/edit");
  });

  it("sorts by a clicked header and pages with 5 buttons, both in the URL and in the API call", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Nome da aula" }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=1&sort=className%2Casc"));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("className,asc"));
    await user.click(screen.getByRole("button", { name: /Nome da aula/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("sort")).toBe("className,desc"));
    expect(screen.getByRole("columnheader", { name: /Nome da aula/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getAllByRole("button", { name: /^\d+$/ }).map((button) => button.textContent)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
    await user.click(screen.getByRole("button", { name: "5" }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get("page")).toBe("4"));
  });

  it("downloads the file with the bearer token and saves it under the server's name", async () => {
    const calls = server();
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:material-1");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} <- ${this.href}`);
    });
    renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("Aula 1")).getByRole("button", { name: "Baixar" }));
    await waitFor(() => expect(saved).toEqual(["1 - Aula 1 á.pdf <- blob:material-1"]));
    const download = calls.find((call) => call.path === "/api/materials/1/download");
    expect(download?.headers.get("Authorization")).toBe("Bearer admin-token");
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe("PDFDATA");
  });

  it("shows a failed download", async () => {
    server({ "GET /api/materials/1/download": () => json({ message: "error.material.notFound" }, { status: 404 }) });
    renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("Aula 1")).getByRole("button", { name: "Baixar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Material não encontrado.");
  });

  it("deactivates after the confirmation and shows the material inactive", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/materiais?page=1&sort=id,asc");
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(within(rowOf("Aula 2")).getByRole("link", { name: "Desativar" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Tem certeza de que deseja excluir este material?");
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Desativar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/materiais"));
    expect(router.state.location.search).toBe("?page=1&sort=id,asc");
    expect(calls.find((call) => call.method === "DELETE")?.path).toBe("/api/materials/2");
    expect(await within(rowOf("Aula 2")).findByRole("button", { name: "Ativar" })).toBeInTheDocument();
  });

  it("cancelling the confirmation deactivates nothing", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/materiais/2/delete");
    const dialog = await screen.findByRole("dialog");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/materiais"));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
  });

  it("activates an inactive material with a revision that keeps its file", async () => {
    const calls = server();
    renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("table");
    await userEvent.setup().click(within(rowOf("Aula 3")).getByRole("button", { name: "Ativar" }));
    expect(await within(rowOf("Aula 3")).findByRole("link", { name: "Desativar" })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      level: { id: 1 },
      className: "Aula 3",
      classNumber: 3,
      active: true,
    });
  });

  it("says Carregando... while loading, then 'Nenhum material encontrado' when there is none", async () => {
    const answer = deferred();
    server({ "GET /api/materials": () => answer.promise });
    renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("heading", { name: "Materiais", level: 2 });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    answer.release(json([], { headers: { "X-Total-Count": "0" } }));
    expect(await screen.findByText("Nenhum material encontrado")).toBeInTheDocument();
  });

  it("shows an error when the list cannot be read", async () => {
    server({ "GET /api/materials": () => json({ message: "Falha ao ler os materiais" }, { status: 500 }) });
    renderRoutes(adminArea, "/gerencia/materiais");
    expect(await screen.findByRole("alert")).toHaveTextContent("Falha ao ler os materiais");
  });
});

describe("material form", () => {
  it("offers only active levels and requires level, class name, class number and file", async () => {
    const calls = server();
    renderRoutes(adminArea, "/gerencia/materiais/new");
    const level = await screen.findByLabelText("Nível");
    expect(optionNames(level)).toEqual(["Selecione o nível", "Begginer", "Intermediário"]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Número da aula"), "0");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findAllByText("Este campo é obrigatório")).toHaveLength(3);
    expect(screen.getByText("Informe um número inteiro de 1 a 9999.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("refuses a file over 5 MB before sending it", async () => {
    const calls = server();
    renderRoutes(adminArea, "/gerencia/materiais/new");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Nível"), "Begginer");
    await user.type(screen.getByLabelText("Nome da aula"), "Greetings");
    await user.type(screen.getByLabelText("Número da aula"), "1");
    const big = new File(["x"], "grande.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 5 * 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText("Arquivo"), big);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("O arquivo deve ter no máximo 5 MB.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("uploads a new material with its file in base64 and returns to the list", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/materiais/new?page=2&sort=id,asc");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Nível"), "Intermediário");
    await user.type(screen.getByLabelText("Nome da aula"), "Small talk");
    await user.type(screen.getByLabelText("Número da aula"), "4");
    await user.upload(screen.getByLabelText("Arquivo"), new File(["hello"], "aula.pdf", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/materiais"));
    expect(router.state.location.search).toBe("?page=2&sort=id,asc");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      level: { id: 2 },
      className: "Small talk",
      classNumber: 4,
      active: true,
      file: "aGVsbG8=",
      fileContentType: "application/pdf",
    });
  });

  it("edits a material without a new file, keeping the stored one", async () => {
    const calls = server();
    const { router } = renderRoutes(adminArea, "/gerencia/materiais/2/edit");
    expect(await screen.findByLabelText("ID")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Nível")).toHaveValue("1");
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Nome da aula"));
    await user.type(screen.getByLabelText("Nome da aula"), "Aula revisada");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/gerencia/materiais"));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/api/materials/2",
      body: { level: { id: 1 }, className: "Aula revisada", classNumber: 2, active: true },
    });
    expect(calls.find((call) => call.method === "PUT")?.body).not.toHaveProperty("file");
  });

  it("shows the server's refusal and stays on the form", async () => {
    server({
      "POST /api/materials": () => json({ message: "error.material.unknownLevel" }, { status: 400 }),
    });
    const { router } = renderRoutes(adminArea, "/gerencia/materiais/new");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Nível"), "Begginer");
    await user.type(screen.getByLabelText("Nome da aula"), "Greetings");
    await user.type(screen.getByLabelText("Número da aula"), "1");
    await user.upload(screen.getByLabelText("Arquivo"), new File(["a"], "a.txt", { type: "text/plain" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Escolha um nível existente.");
    expect(router.state.location.pathname).toBe("/gerencia/materiais/new");
  });
});

describe("one material", () => {
  it("opens a material read-only at /gerencia/materiais/{id} with its file and edit button", async () => {
    server({ "GET /api/materials/1": () => json(material(1)) });
    renderRoutes(adminArea, "/gerencia/materiais/1");
    expect(await screen.findByText("Aula 1", { selector: "dd" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Baixar" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Editar" })).toHaveAttribute("href", "/gerencia/materiais/1/edit");
  });

  it("opens from the spec's English path /gerencia/material/{id}", async () => {
    server({ "GET /api/materials/1": () => json(material(1)) });
    const { router } = renderRoutes(adminArea, "/gerencia/material/1?page=2");
    expect(await screen.findByText("Aula 1", { selector: "dd" })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/gerencia/materiais/1?page=2");
  });

  it("links each row of the list to its view", async () => {
    server();
    renderRoutes(adminArea, "/gerencia/materiais");
    await screen.findByRole("table");
    expect(within(rowOf("Aula 1")).getByRole("link", { name: "Ver" })).toHaveAttribute("href", "/gerencia/materiais/1");
  });
});
