import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import i18n from "../../i18n/i18n";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { LiveFeedProvider } from "../../lib/socket";
import { createManualFeed } from "../../test/manual-feed";
import { LessonSection } from "../lessons/lesson-section";
import { Pagination } from "./pagination";

/** 30 pages with the lessons' cap of 20 buttons, following the clicks, as a screen holding the current page would. */
const ThirtyPages = () => {
  const [page, setPage] = useState(0);
  return <Pagination page={page} totalItems={150} pageSize={5} maxButtons={20} onPage={setPage} />;
};

const pages = () => screen.getByRole("navigation", { name: "Páginas" });
const pageButtons = () =>
  within(pages())
    .getAllByRole("button", { name: /^\d+$/ })
    .map((button) => Number(button.textContent));
const currentPage = () => within(pages()).getByRole("button", { current: "page" }).textContent;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

beforeEach(() => i18n.changeLanguage("pt-br"));

describe("the page buttons", () => {
  it("show at most 20 of 30 pages, the window following the current page", async () => {
    render(<ThirtyPages />);
    expect(pageButtons()).toEqual(range(1, 20));
    expect(currentPage()).toBe("1");
    expect(within(pages()).getByRole("button", { name: "Página anterior" })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(pages()).getByRole("button", { name: "15" }));
    expect(currentPage()).toBe("15");
    expect(pageButtons()).toEqual(range(5, 24));

    await user.click(within(pages()).getByRole("button", { name: "24" }));
    await user.click(within(pages()).getByRole("button", { name: "30" }));
    expect(currentPage()).toBe("30");
    expect(pageButtons()).toEqual(range(11, 30));
    expect(within(pages()).getByRole("button", { name: "Próxima página" })).toBeDisabled();

    await user.click(within(pages()).getByRole("button", { name: "Página anterior" }));
    expect(currentPage()).toBe("29");
    expect(pageButtons()).toHaveLength(20);
  });

  it("show every page when there are fewer than the cap, and nothing for a single page", () => {
    const { unmount } = render(<Pagination page={0} totalItems={12} pageSize={5} maxButtons={20} onPage={() => {}} />);
    expect(pageButtons()).toEqual([1, 2, 3]);
    unmount();

    render(<Pagination page={0} totalItems={5} pageSize={5} maxButtons={20} onPage={() => {}} />);
    expect(screen.queryByRole("navigation", { name: "Páginas" })).not.toBeInTheDocument();
  });
});

describe("the past lessons' page buttons", () => {
  const lesson: LessonCard = {
    id: 1,
    date: "2026-03-10T13:00:00.000Z",
    trail: { number: 1, title: "Small talk at work" },
    levelName: "Intermediário",
    objective: "TRAVEL",
    teacherName: "Paul Smith",
    studentName: "Ana Souza",
    meetUrl: "https://meet.jit.si/el-1",
    feedbackGiven: true,
  };

  it("stop at 20 for 150 finished lessons, 5 a page (spec section 9)", () => {
    render(
      <LiveFeedProvider feed={createManualFeed().feed}>
        <LessonSection
          title="Aulas finalizadas"
          lessons={{ status: "ready", data: { lessons: [lesson], total: 150 }, reload: () => {} }}
          loadingText="Carregando aulas..."
          emptyText="Não há aulas marcadas!"
          counterpart="teacher"
          actions={() => null}
          paging={{ page: 0, onPage: () => {} }}
        />
      </LiveFeedProvider>,
    );
    expect(pageButtons()).toEqual(range(1, 20));
  });
});
