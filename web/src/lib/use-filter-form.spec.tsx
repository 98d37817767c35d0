import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useFilterForm } from "./use-filter-form";

interface Filters {
  year: string;
  month: string;
}

const EMPTY: Filters = { year: "", month: "" };

const FilterForm = ({ onSearch }: { onSearch: (filters: Filters) => void }) => {
  const { chosen, choose, submit, clear } = useFilterForm({ year: "2026", month: "" }, onSearch);
  return (
    <form role="search" onSubmit={submit}>
      <label>
        Ano
        <input value={chosen.year} onChange={choose("year")} />
      </label>
      <label>
        Mês
        <select value={chosen.month} onChange={choose("month")}>
          <option value="">Todos</option>
          <option value="3">Março</option>
        </select>
      </label>
      <button type="submit">Pesquisar</button>
      <button type="button" onClick={() => clear(EMPTY)}>
        Limpar
      </button>
    </form>
  );
};

describe("a list's filter form", () => {
  it("starts from the filters given and searches nothing while they are chosen", async () => {
    const onSearch = vi.fn();
    render(<FilterForm onSearch={onSearch} />);
    expect(screen.getByLabelText("Ano")).toHaveValue("2026");
    await userEvent.selectOptions(screen.getByLabelText("Mês"), "Março");
    await userEvent.clear(screen.getByLabelText("Ano"));
    await userEvent.type(screen.getByLabelText("Ano"), "2025");
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("searches by every field chosen when sent", async () => {
    const onSearch = vi.fn();
    render(<FilterForm onSearch={onSearch} />);
    await userEvent.selectOptions(screen.getByLabelText("Mês"), "Março");
    await userEvent.click(screen.getByRole("button", { name: "Pesquisar" }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ year: "2026", month: "3" });
  });

  it("empties the fields and searches again at once when cleared", async () => {
    const onSearch = vi.fn();
    render(<FilterForm onSearch={onSearch} />);
    await userEvent.selectOptions(screen.getByLabelText("Mês"), "Março");
    await userEvent.click(screen.getByRole("button", { name: "Limpar" }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith(EMPTY);
    expect(screen.getByLabelText("Ano")).toHaveValue("");
    expect(screen.getByLabelText("Mês")).toHaveValue("");
  });
});
