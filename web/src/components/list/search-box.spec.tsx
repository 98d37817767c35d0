import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SearchBox } from "./search-box";

/** A list page holding the searched text as the URL would, showing it back after each search. */
const ListPage = ({ live = false, onSearch }: { live?: boolean; onSearch: (text: string) => void }) => {
  const [text, setText] = useState("ana");
  const search = (next: string) => {
    onSearch(next);
    setText(next.trim());
  };
  return live ? (
    <SearchBox label="Pesquisar por nome" text={text} onSearch={search} />
  ) : (
    <SearchBox label="Pesquisar" searchLabel="Buscar" clearLabel="Limpar" text={text} onSearch={search} />
  );
};

const box = () => screen.getByRole("searchbox", { name: "Pesquisar" });

describe("the search box", () => {
  it("is a search landmark whose box is named by its label, also shown as the placeholder", () => {
    render(<ListPage onSearch={() => {}} />);
    expect(screen.getByRole("search")).toContainElement(box());
    expect(box()).toHaveAttribute("placeholder", "Pesquisar");
    expect(box()).toHaveValue("ana");
  });

  it("searches nothing while typing, then by the text typed on Buscar or Enter", async () => {
    const onSearch = vi.fn();
    render(<ListPage onSearch={onSearch} />);
    await userEvent.clear(box());
    await userEvent.type(box(), "maria");
    expect(onSearch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Buscar" }));
    expect(onSearch).toHaveBeenLastCalledWith("maria");
    await userEvent.type(box(), " souza {Enter}");
    expect(onSearch).toHaveBeenLastCalledWith("maria souza ");
    expect(box()).toHaveValue("maria souza");
  });

  it("empties the box and searches everything again on Limpar", async () => {
    const onSearch = vi.fn();
    render(<ListPage onSearch={onSearch} />);
    await userEvent.type(box(), " typed but not searched");
    await userEvent.click(screen.getByRole("button", { name: "Limpar" }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith("");
    expect(box()).toHaveValue("");
  });

  it("without button labels, searches at each keystroke and offers no buttons", async () => {
    const onSearch = vi.fn();
    render(<ListPage live onSearch={onSearch} />);
    const live = screen.getByRole("searchbox", { name: "Pesquisar por nome" });
    await userEvent.type(live, "x");
    expect(onSearch).toHaveBeenLastCalledWith("anax");
    expect(live).toHaveValue("anax");
    await userEvent.type(live, "{Enter}");
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
