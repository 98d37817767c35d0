import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { publicProfile } from "../../../test/fake-teacher-detail";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { ReviewModeration } from "./review-moderation";

const review = (id: number, studentName: string, hidden: boolean, note: number | null = 5) => ({
  id,
  studentName,
  note,
  comment: `Comentário de ${studentName}`,
  at: "2026-11-20T15:00:00.000Z",
  hidden,
});

type Handler = Parameters<typeof fakeApi>[0][string];

const server = (answers: { profile?: Handler; visibility?: Handler } = {}) =>
  fakeApi({
    "GET /api/teachers/7":
      answers.profile ?? (() => json(publicProfile(7, [review(1, "Ana S.", false), review(2, "Rui P.", true, null)]))),
    "PUT /api/teachers/7/reviews/1/visibility": answers.visibility ?? (() => json({})),
    "PUT /api/teachers/7/reviews/2/visibility": answers.visibility ?? (() => json({})),
  });

const renderReviews = () => render(<ReviewModeration teacherId={7} />);
const section = () => screen.getByRole("region", { name: "Comentários dos alunos" });

signInAdministratorForEachTest();

describe("the back office's review moderation", () => {
  it("says it is loading, then lists every comment with its note, the hidden ones marked", async () => {
    const answer = deferred();
    server({ profile: () => answer.promise });
    renderReviews();
    expect(within(section()).getByRole("status")).toHaveTextContent("Carregando...");
    answer.release(json(publicProfile(7, [review(1, "Ana S.", false), review(2, "Rui P.", true, null)])));
    const items = await within(section()).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Ana S. · 20/11/26 · Nota 5 de 5 OcultarComentário de Ana S.",
      "Rui P. · 20/11/26 · Sem nota OcultoMostrarComentário de Rui P.",
    ]);
  });

  it("says so when no student commented yet", async () => {
    server({ profile: () => json(publicProfile(7)) });
    renderReviews();
    expect(await within(section()).findByText("Nenhum comentário de aluno ainda.")).toBeInTheDocument();
  });

  it("says so when the comments cannot be loaded", async () => {
    server({ profile: () => json({ message: "error.unexpected" }, { status: 500 }) });
    renderReviews();
    expect(await within(section()).findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
  });

  it("hides a comment and shows a hidden one again", async () => {
    const calls = server();
    renderReviews();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole("button", { name: "Ocultar o comentário de Ana S." }));
    expect(
      await within(section()).findByRole("button", { name: "Mostrar o comentário de Ana S." }),
    ).toBeInTheDocument();
    await user.click(within(section()).getByRole("button", { name: "Mostrar o comentário de Rui P." }));
    expect(
      await within(section()).findByRole("button", { name: "Ocultar o comentário de Rui P." }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PUT").map((call) => [call.path, call.body])).toEqual([
      ["/api/teachers/7/reviews/1/visibility", { hidden: true }],
      ["/api/teachers/7/reviews/2/visibility", { hidden: false }],
    ]);
  });

  it("says a refused change and leaves the comment as it was", async () => {
    server({ visibility: () => json({ message: "error.unexpected" }, { status: 500 }) });
    renderReviews();
    await userEvent
      .setup()
      .click(await within(section()).findByRole("button", { name: "Ocultar o comentário de Ana S." }));
    expect(await within(section()).findByRole("alert")).toHaveTextContent("Ocorreu um erro inesperado.");
    expect(within(section()).getByRole("button", { name: "Ocultar o comentário de Ana S." })).toBeInTheDocument();
  });
});
