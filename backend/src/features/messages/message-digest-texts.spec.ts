import type { DueMessageDigest } from "@el/projections/messages/index";
import { describe, expect, it } from "vitest";
import { messageDigestMail } from "./message-digest-texts";

const digest = (overrides: Partial<DueMessageDigest> = {}): DueMessageDigest => ({
  recipientId: 7,
  email: "bruno@example.com",
  firstName: "Bruno",
  langKey: "pt-br",
  messages: [
    { conversationId: 41, from: "Ana Souza", text: "Oi!", sentAt: "2026-12-01T15:00:00.000Z" },
    { conversationId: 42, from: "Carla Lima", text: "x".repeat(400), sentAt: "2026-12-01T15:05:00.000Z" },
  ],
  count: 2,
  through: "2026-12-01T15:05:00.000Z",
  ...overrides,
});

describe("the e-mail digest of unread messages", () => {
  it("lists who wrote, when (São Paulo time) and what, a long text cut, in Portuguese", () => {
    const mail = messageDigestMail(digest(), "https://aulas.example.com/");
    expect(mail.to).toBe("bruno@example.com");
    expect(mail.subject).toBe("Você tem 2 mensagens não lidas");
    expect(mail.text).toContain("Olá, Bruno!");
    expect(mail.text).toContain("Ana Souza — 01/12/2026 às 12:00\nOi!");
    expect(mail.text).toContain(`${"x".repeat(300)}…`);
    expect(mail.text).not.toContain("x".repeat(301));
    // Two conversations: the link opens the list.
    expect(mail.text).toContain("Leia e responda: https://aulas.example.com/mensagens\n");
  });

  it("writes in English to whom chose it, counts the messages it does not quote, and links the one conversation", () => {
    const mail = messageDigestMail(
      digest({ langKey: "en", messages: digest().messages.slice(0, 1), count: 3 }),
      "https://aulas.example.com",
    );
    expect(mail.subject).toBe("You have 3 unread messages");
    expect(mail.text).toContain("Ana Souza — 2026-12-01 at 12:00");
    expect(mail.text).toContain("… and 2 more messages.");
    expect(mail.text).toContain("Read and answer them: https://aulas.example.com/mensagens/41");
  });
});
