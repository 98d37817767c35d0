import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../i18n/i18n";
import { page } from "../../../lib/session/token-sign-in";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes, whereAmI } from "../../../test/render";
import { StudentStepOnePage } from "./student-step-one-page";
import { StudentStepTwoPage } from "./student-step-two-page";
import { TeacherApplicationPage } from "./teacher-application-page";

const routes = [
  { path: "/registro/aluno", element: <StudentStepOnePage /> },
  { path: "/registro/finalizar", element: <StudentStepTwoPage /> },
  { path: "/registro/professor", element: <TeacherApplicationPage /> },
  whereAmI("/student"),
];
const fromGoogle =
  "/registro/finalizar?name=Beatriz%20Lima&email=beatriz%40example.com&photo=https%3A%2F%2Fphotos.example.com%2Fb.jpg&ticket=ticket-1";

/** A back end that takes every sign-up and keeps what each form sent, by route. */
const server = () => {
  const sent: Record<string, unknown[]> = {};
  const keep = (route: string, answer: () => Response) => ({
    [route]: ({ body }: { body: unknown }) => {
      sent[route] = [...(sent[route] ?? []), body];
      return answer();
    },
  });
  fakeApi({
    "GET /api/account/hasUser": () => json(false),
    "GET /api/levels": () => json([{ id: 1, name: "Begginer", active: true }]),
    ...keep("POST /api/register", () => new Response(null, { status: 201 })),
    ...keep("POST /api/register/social", () => json({ id_token: "token-of-beatriz" }, { status: 201 })),
    ...keep("POST /api/register/social/teacher", () =>
      json({ login: "beatriz@example.com", activated: false }, { status: 201 }),
    ),
    "POST /api/authenticate": () => json({ id_token: "t" }),
    "GET /api/account": () => json({ id: 9, login: "eva@example.com", activated: true, authorities: ["ROLE_STUDENT"] }),
  });
  return sent;
};

/** The forms as someone reads them who chose `language` (rendering starts in Portuguese, the default). */
const renderIn = async (language: string, path: string) => {
  renderRoutes(routes, path);
  await act(() => i18n.changeLanguage(language));
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(page, "load").mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage("pt-br");
});

describe("signing up sends the language of the interface, so the account and its e-mails keep it", () => {
  it("a student signing up in English", async () => {
    const sent = server();
    await renderIn("en", "/registro/aluno");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name"), "Eva");
    await user.type(screen.getByLabelText("Last name"), "Lima");
    await user.type(screen.getByLabelText("E-mail"), "eva@example.com");
    await user.type(screen.getByLabelText("Password"), "segredo1");
    await user.type(screen.getByLabelText("Confirm password"), "segredo1");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("Phone"), "11987654321");
    await user.selectOptions(await screen.findByLabelText("English level"), "Begginer");
    await user.selectOptions(screen.getByLabelText("How did you hear about us?"), "Instagram");
    await user.click(screen.getByRole("button", { name: "Complete registration" }));
    await waitFor(() =>
      expect(sent["POST /api/register"]).toEqual([
        expect.objectContaining({ email: "eva@example.com", student: true, langKey: "en" }),
      ]),
    );
  });

  it.each([
    ["en", "Name", "Phone", "Password", "Experience", "Apply"],
    ["pt-br", "Nome", "Telefone", "Senha", "Experiência", "Enviar candidatura"],
  ])("a teacher applying in %s", async (language, name, phone, password, experience, apply) => {
    const sent = server();
    await renderIn(language, "/registro/professor");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(name), "Rui");
    await user.type(screen.getByLabelText("E-mail"), "rui@example.com");
    await user.type(screen.getByLabelText(phone), "21912345678");
    await user.type(screen.getByLabelText(password), "ensino42");
    await user.type(screen.getByLabelText(experience), "CELTA");
    await user.click(screen.getByRole("button", { name: apply }));
    await waitFor(() =>
      expect(sent["POST /api/register"]).toEqual([
        expect.objectContaining({ email: "rui@example.com", student: false, langKey: language }),
      ]),
    );
  });

  it("a student signing up through Google in English", async () => {
    const sent = server();
    await renderIn("en", fromGoogle);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Phone"), "11912345678");
    await user.selectOptions(await screen.findByLabelText("English level"), "1");
    await user.selectOptions(screen.getByLabelText("How did you hear about us?"), "FACEBOOK");
    await user.click(screen.getByRole("button", { name: "Complete registration" }));
    await waitFor(() =>
      expect(sent["POST /api/register/social"]).toEqual([
        expect.objectContaining({ ticket: "ticket-1", langKey: "en" }),
      ]),
    );
  });

  it("a teacher applying through Google in English", async () => {
    const sent = server();
    await renderIn("en", fromGoogle);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Teach English" }));
    await user.type(screen.getByLabelText("Phone"), "11912345678");
    await user.type(screen.getByLabelText("Experience"), "Six years with teenagers");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(sent["POST /api/register/social/teacher"]).toEqual([
        expect.objectContaining({ ticket: "ticket-1", langKey: "en" }),
      ]),
    );
  });
});
