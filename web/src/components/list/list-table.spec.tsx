import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/i18n";
import { useListParams } from "../../lib/list-params";
import type { Resource } from "../../lib/use-resource";
import { type ListPage, ListTable } from "./list-table";
import { RowActions } from "./row-actions";

interface Trail {
  id: number;
  title: string;
}

const reload = vi.fn();
const ready = <T,>(data: T): Resource<T> => ({ status: "ready", data, reload });
const trails = (count: number, from = 1): Trail[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, title: `Trilha ${from + index}` }));

/** A list as the back-office pages use it: the URL's page, one row per trail with its actions. */
const TrailList = ({
  list,
  paged,
}: {
  list: Resource<ListPage<Trail>> | Resource<readonly Trail[]>;
  paged: boolean;
}) => {
  const params = useListParams("id", "asc");
  return (
    <ListTable
      list={list}
      empty="Nenhuma trilha encontrada"
      columns={
        <>
          <th>Título</th>
          <th />
        </>
      }
      row={(trail) => (
        <tr key={trail.id}>
          <td>{trail.title}</td>
          <td>
            <RowActions id={trail.id} edit={trail.id !== 2}>
              <button type="button">Ativar</button>
            </RowActions>
          </td>
        </tr>
      )}
      paging={paged ? { params, pageSize: 10 } : undefined}
    />
  );
};

const shown = (list: Resource<ListPage<Trail>> | Resource<readonly Trail[]>, path = "/trilha", paged = true) => {
  const router = createMemoryRouter([{ path: "/trilha", element: <TrailList list={list} paged={paged} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => i18n.changeLanguage("pt-br"));

describe("a back-office list's table", () => {
  it("says Carregando... while the first answer is awaited, and the error when it fails", () => {
    shown({ status: "loading", reload });
    expect(screen.getByText("Carregando...")).toBeInTheDocument();
    cleanup();
    shown({ status: "failed", error: new Error("network down"), reload });
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says the list's own empty message and shows no table", () => {
    shown(ready({ items: [], total: 0 }));
    expect(screen.getByRole("status")).toHaveTextContent("Nenhuma trilha encontrada");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("writes a row per item under the headings, and no page buttons when it fits one page", () => {
    shown(ready(trails(3)), "/trilha", false);
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Título",
      "Trilha 1VerEditarExcluirAtivar",
      "Trilha 2VerExcluirAtivar",
      "Trilha 3VerEditarExcluirAtivar",
    ]);
    expect(screen.queryByRole("navigation", { name: "Páginas" })).not.toBeInTheDocument();
  });

  it("says how many items the whole list holds above the table, when asked", () => {
    const router = createMemoryRouter(
      [
        {
          path: "/trilha",
          element: (
            <ListTable
              list={ready({ items: trails(2), total: 42 })}
              empty="Nenhuma trilha encontrada"
              count={(total) => `${total} trilhas`}
              columns={<th>Título</th>}
              row={(trail) => (
                <tr key={trail.id}>
                  <td>{trail.title}</td>
                </tr>
              )}
            />
          ),
        },
      ],
      { initialEntries: ["/trilha"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText("42 trilhas")).toBeInTheDocument();
  });

  it("turns the pages of a paged list in the URL, keeping its filters and order", async () => {
    const router = shown(ready({ items: trails(10, 11), total: 25 }), "/trilha?page=2&sort=id,asc&query=café");
    const pages = screen.getByRole("navigation", { name: "Páginas" });
    expect(within(pages).getByRole("button", { current: "page" })).toHaveTextContent("2");
    await userEvent.setup().click(within(pages).getByRole("button", { name: "3" }));
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get("page"), search.get("sort"), search.get("query")]).toEqual(["3", "id,asc", "café"]);
  });

  it("opens a row's Ver, Editar and Excluir under the list with the list's query", () => {
    shown(ready({ items: trails(1, 7), total: 1 }), "/trilha?page=1&sort=id,desc");
    const row = within(screen.getByRole("table")).getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByRole("link", { name: "Ver" })).toHaveAttribute("href", "/trilha/7?page=1&sort=id,desc");
    expect(within(row).getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      "/trilha/7/edit?page=1&sort=id,desc",
    );
    expect(within(row).getByRole("link", { name: "Excluir" })).toHaveAttribute(
      "href",
      "/trilha/7/delete?page=1&sort=id,desc",
    );
  });
});
