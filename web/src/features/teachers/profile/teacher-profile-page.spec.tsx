import type { TeacherProfileView } from "@el/domain/accounts/teacher-profile";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { goTo } from "../../../components/calendar/google-calendar-panel";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { signInTeacherForEachTest } from "../../../test/sign-in";
import { TeacherProfilePage } from "./teacher-profile-page";

const photo = "b".repeat(64);
const saved: TeacherProfileView = {
  id: 21,
  firstName: "Bruno",
  lastName: "Lima",
  bio: "",
  experience: "Três anos",
  specialities: [],
  languages: [],
  levelIds: [],
  photo: null,
  rating: { average: null, count: 0 },
};

const LEVELS = [
  { id: 1, name: "Básico", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 3, name: "Avançado", active: false },
];

const server = (
  answers: { put?: (request: FakeRequest) => Response; profile?: TeacherProfileView; levels?: () => Response } = {},
) =>
  fakeApi({
    "GET /api/levels": answers.levels ?? (() => json(LEVELS)),
    "GET /api/account": () =>
      json({ id: 21, login: "bruno@example.com", activated: true, authorities: ["ROLE_USER", "ROLE_TEACHER"] }),
    "GET /api/account/teacher-profile": () => json(answers.profile ?? saved),
    "PUT /api/account/teacher-profile": (request) =>
      answers.put?.(request) ?? json({ ...saved, ...(request.body as object) }),
    "GET /api/google/calendar": () => json({ configured: true, connected: false, connectedAt: null }),
    "POST /api/google/calendar/authorize": () => json({ url: "https://accounts.google.com/o/oauth2/v2/auth?state=s" }),
    "POST /api/account/teacher-profile/photo": () =>
      json({ ...saved, photo: { large: `api/teacher-photos/${photo}/256`, small: `api/teacher-photos/${photo}/64` } }),
  });

const show = () => renderRoutes([{ path: "/teacher/perfil", element: <TeacherProfilePage /> }], "/teacher/perfil");

signInTeacherForEachTest();

describe("the teacher's profile page", () => {
  it("saves the bio, experience, specialities and languages, and previews them as students see them", async () => {
    const calls = server();
    show();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Sobre você"), "Ensino inglês para viagens.");
    await user.click(screen.getByRole("checkbox", { name: "Inglês para viagens" }));
    await user.click(screen.getByRole("checkbox", { name: "Português" }));
    // English is ticked for a teacher who never said.
    expect(screen.getByRole("checkbox", { name: "Inglês" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Salvar perfil" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      bio: "Ensino inglês para viagens.",
      experience: "Três anos",
      specialities: ["TRAVEL"],
      languages: ["en", "pt"],
      levelIds: [],
    });
    const preview = await screen.findByRole("region", { name: "Sobre Bruno" });
    expect(within(preview).getByText("Ensino inglês para viagens.")).toBeInTheDocument();
    expect(within(preview).getByText("Inglês para viagens")).toBeInTheDocument();
  });

  it("asks for a language before sending", async () => {
    const calls = server();
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Inglês" }));
    await user.click(screen.getByRole("button", { name: "Salvar perfil" }));
    expect(await screen.findByText("Escolha pelo menos um idioma.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("shows the server's refusal in the teacher's language", async () => {
    server({ put: () => json({}, { status: 400, headers: { "X-app-error": "error.teacherProfile.bio" } }) });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Salvar perfil" }));
    expect(await screen.findByText("O texto sobre você pode ter até 500 caracteres.")).toBeInTheDocument();
  });

  it("uploads a photo and shows it; refuses another type before sending", async () => {
    const calls = server();
    show();
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText("Foto");
    await user.upload(input, new File(["GIF89a"], "me.gif", { type: "image/gif" }));
    expect(await screen.findByText("Envie uma foto JPEG, PNG ou WebP.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await user.upload(input, new File([new Uint8Array([1, 2, 3])], "me.png", { type: "image/png" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      photo: "AQID",
      photoContentType: "image/png",
    });
    const images = await screen.findAllByRole("img", { name: "Foto de Bruno Lima" });
    expect(images[0]).toHaveAttribute("src", `/api/teacher-photos/${photo}/256`);
  });

  it("offers to connect Google Calendar beside the profile, sending the teacher to Google's consent page", async () => {
    const calls = server();
    const go = vi.spyOn(goTo, "url").mockImplementation(() => undefined);
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Conectar Google Agenda" }));
    await waitFor(() => expect(go).toHaveBeenCalledWith("https://accounts.google.com/o/oauth2/v2/auth?state=s"));
    expect(calls.some((call) => call.path === "/api/google/calendar/authorize")).toBe(true);
    go.mockRestore();
  });
});

describe("the teacher's Níveis que ensino", () => {
  it("offers the active levels and the ones chosen before, and saves the levels ticked", async () => {
    const calls = server({ profile: { ...saved, languages: ["en"], levelIds: [3] } });
    show();
    const levels = await screen.findByRole("group", { name: "Níveis que ensino" });
    const boxes = await within(levels).findAllByRole("checkbox");
    expect(boxes.map((box) => box.parentElement?.textContent)).toEqual(["Básico", "Intermediário", "Avançado"]);
    expect(within(levels).getByRole("checkbox", { name: "Avançado" })).toBeChecked();

    const user = userEvent.setup();
    await user.click(within(levels).getByRole("checkbox", { name: "Intermediário" }));
    await user.click(within(levels).getByRole("checkbox", { name: "Avançado" }));
    await user.click(screen.getByRole("button", { name: "Salvar perfil" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({ levelIds: [2] });
  });

  it("says when the levels cannot be loaded, and then saves the rest without touching the levels", async () => {
    const calls = server({
      profile: { ...saved, languages: ["en"], levelIds: [2] },
      levels: () => json({ message: "error.unexpected" }, { status: 500 }),
    });
    show();
    const levels = await screen.findByRole("group", { name: "Níveis que ensino" });
    expect(await within(levels).findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Salvar perfil" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).not.toHaveProperty("levelIds");
  });
});
