import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n/i18n";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { LiveFeedProvider } from "../../lib/socket";
import type { Resource } from "../../lib/use-resource";
import { createManualFeed } from "../../test/manual-feed";
import { LessonDetailsAndJoin } from "./lesson-row-actions";
import { LessonSection } from "./lesson-section";

const HOUR = 60 * 60 * 1000;

const lesson = (id: number, overrides: Partial<LessonCard> = {}): LessonCard => ({
  id,
  date: new Date(Date.now() + 48 * HOUR).toISOString(),
  trail: { number: 1, title: "Small talk at work" },
  levelName: "Intermediário",
  objective: "TRAVEL",
  teacherName: "Paul Smith",
  studentName: "Ana Souza",
  meetUrl: `https://meet.jit.si/el-${id}`,
  feedbackGiven: false,
  ...overrides,
});

const ready = (lessons: LessonCard[], total = lessons.length): Resource<{ lessons: LessonCard[]; total: number }> => ({
  status: "ready",
  data: { lessons, total },
  reload: () => {},
});

const section = (
  lessons: Resource<{ lessons: LessonCard[]; total: number }>,
  paging?: { page: number; onPage: (page: number) => void },
) => (
  <LiveFeedProvider feed={createManualFeed().feed}>
    <LessonSection
      title="Aulas realizadas"
      lessons={lessons}
      loadingText="Carregando aulas..."
      emptyText="Não há aulas marcadas!"
      counterpart="student"
      actions={(view) => <LessonDetailsAndJoin view={view} />}
      paging={paging}
    />
  </LiveFeedProvider>
);

const renderSection = (...args: Parameters<typeof section>) => render(section(...args));

beforeEach(() => i18n.changeLanguage("pt-br"));

describe("a section of the user's lessons", () => {
  it("says it is loading, then that there are none", () => {
    const { rerender } = renderSection({ status: "loading", reload: () => {} });
    expect(screen.getByRole("region", { name: "Aulas realizadas" })).toHaveTextContent("Carregando aulas...");
    rerender(section(ready([])));
    expect(screen.getByRole("status")).toHaveTextContent("Não há aulas marcadas!");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("lists the lessons with the counterpart, and opens a lesson's details with the same video link", async () => {
    renderSection(ready([lesson(7)]));
    const row = screen.getByRole("row", { name: /Small talk at work/ });
    expect(within(row).getByText("Ana Souza")).toBeInTheDocument();
    const join = within(row).getByRole("link", { name: "Entrar na aula" });
    expect(join).toHaveAttribute("href", "https://meet.jit.si/el-7");

    await userEvent.setup().click(within(row).getByRole("button", { name: "Detalhes" }));
    const details = screen.getByRole("dialog", { name: "Detalhes da aula" });
    expect(within(details).getByRole("link")).toHaveAttribute("href", "https://meet.jit.si/el-7");
  });

  it("offers no video link before a teacher claims the lesson", () => {
    renderSection(ready([lesson(8, { teacherName: null, meetUrl: null })]));
    const row = screen.getByRole("row", { name: /Small talk at work/ });
    expect(within(row).getByText("Pendente", { selector: ".lesson-status" })).toBeInTheDocument();
    expect(within(row).queryByRole("link", { name: "Entrar na aula" })).not.toBeInTheDocument();
  });

  it("pages the lessons 5 at a time only when asked to", async () => {
    const onPage = vi.fn();
    const { unmount } = renderSection(ready([lesson(1), lesson(2)], 12), { page: 0, onPage });
    const pages = screen.getByRole("navigation", { name: "Páginas" });
    expect(
      within(pages)
        .getAllByRole("button", { name: /^\d$/ })
        .map((button) => button.textContent),
    ).toEqual(["1", "2", "3"]);
    await userEvent.setup().click(within(pages).getByRole("button", { name: "3" }));
    expect(onPage).toHaveBeenCalledWith(2);
    unmount();

    renderSection(ready([lesson(1), lesson(2)], 12));
    expect(screen.queryByRole("navigation", { name: "Páginas" })).not.toBeInTheDocument();
  });
});
