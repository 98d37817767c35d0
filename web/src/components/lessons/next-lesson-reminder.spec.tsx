import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import type { Resource } from "../../lib/use-resource";
import { renderRoutes } from "../../test/render";
import { NextLessonReminder, nextLessonWithin } from "./next-lesson-reminder";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const card = (id: number, date: string, changes: Partial<LessonCard> = {}): LessonCard => ({
  id,
  date,
  trail: { number: 3, title: "At the airport" },
  levelName: "Intermediário",
  objective: "TRAVEL",
  teacherName: "Bruno",
  studentName: "Ana Souza",
  meetUrl: `https://meet.jit.si/lesson-${id}`,
  feedbackGiven: false,
  ...changes,
});
const ready = (lessons: LessonCard[]): Resource<{ lessons: LessonCard[] }> => ({
  status: "ready",
  data: { lessons },
  reload: () => {},
});

describe("the next-lesson reminder", () => {
  afterEach(() => sessionStorage.clear());

  it("picks the soonest confirmed lesson still ahead, within a day", () => {
    const lessons = [
      card(1, "2026-11-24T11:30:00.000Z"),
      card(2, "2026-11-25T10:00:00.000Z"),
      card(3, "2026-11-24T15:00:00.000Z", { meetUrl: null, teacherName: null }),
      card(4, "2026-11-24T18:00:00.000Z"),
    ];
    expect(nextLessonWithin(lessons, NOW)?.id).toBe(4);
    expect(nextLessonWithin([card(5, "2026-11-25T13:00:00.000Z")], NOW)).toBeUndefined();
  });

  it("shows the student when, what and with whom, with the link to join, and stays closed once closed", async () => {
    const show = () =>
      renderRoutes(
        [
          {
            path: "/",
            element: (
              <NextLessonReminder
                today={ready([card(4, "2026-11-24T18:00:00.000Z")])}
                upcoming={ready([])}
                counterpart="teacher"
                now={NOW}
              />
            ),
          },
        ],
        "/",
      );
    const first = show();
    const dialog = await screen.findByRole("dialog", { name: "Lembrete: sua próxima aula" });
    expect(dialog).toHaveTextContent("24/11/26 às 15:00");
    expect(dialog).toHaveTextContent("3 - At the airport");
    expect(dialog).toHaveTextContent("Professor: Bruno");
    expect(screen.getByRole("link", { name: "Entrar na aula" })).toHaveAttribute(
      "href",
      "https://meet.jit.si/lesson-4",
    );
    await userEvent.click(screen.getByRole("button", { name: "Entendi" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    first.unmount();
    show();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows nothing while the lessons load or when none is near", () => {
    renderRoutes(
      [
        {
          path: "/",
          element: (
            <NextLessonReminder
              today={{ status: "loading", reload: () => {} }}
              upcoming={ready([card(4, "2026-11-24T18:00:00.000Z")])}
              counterpart="student"
              now={NOW}
            />
          ),
        },
      ],
      "/",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
