import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "../../../components/toast/toast-region";
import { LiveFeedProvider } from "../../../lib/socket";
import { createManualFeed } from "../../../test/manual-feed";
import { renderRoutes } from "../../../test/render";
import { RequestAnswers } from "./request-answers";

const show = () => {
  const live = createManualFeed();
  renderRoutes(
    [
      {
        path: "/student",
        element: (
          <LiveFeedProvider feed={live.feed}>
            <ToastRegion />
            <RequestAnswers />
          </LiveFeedProvider>
        ),
      },
    ],
    "/student",
  );
  return live;
};

describe("the answers to a student's lesson requests", () => {
  it("says the teacher accepted", async () => {
    const live = show();
    live.push("lesson-request:answered", { lessonId: 9, status: "ACCEPTED", fallback: "BOARD" });
    expect(
      await screen.findByText("O professor aceitou sua solicitação de aula. O link da aula está em Minhas aulas."),
    ).toBeInTheDocument();
  });

  it.each([
    [
      "DECLINED",
      "BOARD",
      "O professor não pôde aceitar sua solicitação: a aula foi para o quadro aberto, onde outro professor pode aceitá-la.",
    ],
    ["DECLINED", "CANCEL", "O professor não pôde aceitar sua solicitação: a aula foi cancelada e o crédito devolvido."],
    [
      "EXPIRED",
      "BOARD",
      "O professor não respondeu a tempo: a aula foi para o quadro aberto, onde outro professor pode aceitá-la.",
    ],
    ["EXPIRED", "CANCEL", "O professor não respondeu a tempo: a aula foi cancelada e o crédito devolvido."],
  ])("says what became of a request %s with the fallback %s", async (status, fallback, text) => {
    const live = show();
    live.push("lesson-request:answered", { lessonId: 9, status, fallback });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
