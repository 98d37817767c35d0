import type { TeacherProfileView } from "@el/domain/accounts/teacher-profile";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import i18n from "../../i18n/i18n";
import { forgetTeacherProfiles } from "../../lib/teachers/teacher-profile";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { signInStudentForEachTest } from "../../test/sign-in";
import { LessonDetailsAndJoin } from "../lessons/lesson-row-actions";
import { TeacherCard } from "./teacher-card";

const photo = "a".repeat(64);
const bruno: TeacherProfileView = {
  id: 21,
  firstName: "Bruno",
  lastName: "Lima",
  bio: "Carioca, ensino inglês para viagens há dez anos.",
  experience: "Dez anos em escolas de idiomas",
  specialities: ["BUSINESS", "TRAVEL"],
  languages: ["en", "pt"],
  levelIds: [],
  photo: { large: `api/teacher-photos/${photo}/256`, small: `api/teacher-photos/${photo}/64` },
  rating: { average: 4.5, count: 2 },
};

const server = (profile: TeacherProfileView | null) =>
  fakeApi({
    "GET /api/account": () => json({ id: 5, login: "ana@example.com", activated: true, authorities: ["ROLE_STUDENT"] }),
    "GET /api/teachers/21/profile": () =>
      profile ? json(profile) : json({ message: "error.url.not.found" }, { status: 404 }),
    "GET /api/trails/11": () =>
      json({ id: 11, number: 1, title: "Greetings", content: "", application: "", techniques: "", materials: [] }),
  });

const show = (element: React.ReactElement) => renderRoutes([{ path: "/", element }], "/");

signInStudentForEachTest();
beforeEach(() => forgetTeacherProfiles());

describe("the teacher's card a student sees", () => {
  it("shows the photo, name, rating, bio, experience, specialities and languages", async () => {
    server(bruno);
    show(<TeacherCard teacherId={21} />);
    const card = await screen.findByRole("region", { name: "Sobre Bruno" });
    expect(within(card).getByRole("img", { name: "Foto de Bruno Lima" })).toHaveAttribute(
      "src",
      `/api/teacher-photos/${photo}/256`,
    );
    expect(within(card).getByRole("heading", { name: "Bruno Lima" })).toBeInTheDocument();
    expect(within(card).getByText("4,5 · 2 avaliações")).toBeInTheDocument();
    expect(within(card).getByText(bruno.bio)).toBeInTheDocument();
    expect(within(card).getByText("Dez anos em escolas de idiomas")).toBeInTheDocument();
    expect(within(card).getByText("Inglês para negócios")).toBeInTheDocument();
    expect(within(card).getByText("Inglês para viagens")).toBeInTheDocument();
    expect(within(card).getByText("Inglês, Português")).toBeInTheDocument();
  });

  it("labels the languages as a description of the teacher, not the form's question to them", async () => {
    server(bruno);
    show(<TeacherCard teacherId={21} />);
    const card = await screen.findByRole("region", { name: "Sobre Bruno" });
    expect(within(card).getByText("Inglês, Português").previousElementSibling).toHaveTextContent(/^Idiomas$/);
    expect(within(card).queryByText(/você fala/)).not.toBeInTheDocument();
    await i18n.changeLanguage("en");
    expect((await within(card).findByText("English, Portuguese")).previousElementSibling).toHaveTextContent(
      /^Languages$/,
    );
    await i18n.changeLanguage("pt-br");
  });

  it("shows initials without a photo, and says when no student rated the teacher yet", async () => {
    server({ ...bruno, photo: null, rating: { average: null, count: 0 } });
    show(<TeacherCard teacherId={21} />);
    const card = await screen.findByRole("region", { name: "Sobre Bruno" });
    expect(within(card).queryByRole("img")).not.toBeInTheDocument();
    expect(within(card).getByText("BL")).toBeInTheDocument();
    expect(within(card).getByText("Ainda sem avaliações")).toBeInTheDocument();
  });

  it("reads in English with the English interface", async () => {
    server(bruno);
    show(<TeacherCard teacherId={21} />);
    await i18n.changeLanguage("en");
    const card = await screen.findByRole("region", { name: "About Bruno" });
    expect(within(card).getByText("4.5 · 2 ratings")).toBeInTheDocument();
    expect(within(card).getByText("Business English")).toBeInTheDocument();
    expect(within(card).getByText("English, Portuguese")).toBeInTheDocument();
    await i18n.changeLanguage("pt-br");
  });

  it("says so when the profile cannot be read", async () => {
    server(null);
    show(<TeacherCard teacherId={21} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Não encontrado");
  });

  it("is part of an accepted lesson's details for the student", async () => {
    server(bruno);
    show(
      <LessonDetailsAndJoin
        showTeacher
        view={{
          state: "accepted",
          lesson: {
            id: 100,
            date: "2099-05-06T13:00:00.000Z",
            trail: { id: 11, number: 1, title: "Greetings" },
            levelName: "Básico",
            objective: "TRAVEL",
            teacherName: "Bruno Lima",
            teacherId: 21,
            studentName: null,
            meetUrl: "https://meet.jit.si/el-100",
            feedbackGiven: false,
          },
        }}
      />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Detalhes" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("region", { name: "Sobre Bruno" })).toBeInTheDocument();
    expect(within(dialog).getByText(bruno.bio)).toBeInTheDocument();
  });
});
