import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { messageErrors } from "@el/domain/messages/message-contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import type { Person } from "../../../test/lesson-fixtures";
import { createAuditLog } from "../../event-store";
import type { Mail, Mailer } from "../../plugins/mailer";
import { sendDueMessageDigests } from "./message-digest-sender";
import { conversationsOf, givenConversation, markRead, messagesOf, sendMessage } from "./message-fixtures";

const MINUTE = 60_000;

/** The digest of unread messages and a party's personal data, on PostgreSQL; sweeps run when the specs say. */
let test: TestApp;
const sent: Mail[] = [];
let failing = false;
const mailer: Mailer = {
  async send(mail) {
    if (failing) throw new Error("SMTP refused");
    sent.push(mail);
  },
};
beforeAll(async () => {
  test = await createTestApp({ driver: "pg", env: { MESSAGE_DIGEST_INTERVAL_MS: "3600000" }, overrides: { mailer } });
});
afterAll(() => test?.close());

/** What a sweep `minutes` from now sent to `person`. */
const sweep = async (person: Person, minutes: number) => {
  const before = sent.length;
  await sendDueMessageDigests(test.app, new Date(Date.now() + minutes * MINUTE));
  return sent.slice(before).filter((mail) => mail.to === person.login);
};

describe("the e-mail digest of unread messages", () => {
  it("sends one e-mail listing the messages unread for 15 minutes, once", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    await sendMessage(test.app, student, id, "Oi, professor!");
    await sendMessage(test.app, student, id, "Podemos mudar o horário?");
    expect(await sweep(teacher, 10)).toEqual([]);
    const [digest, ...more] = await sweep(teacher, 16);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe("Você tem 2 mensagens não lidas");
    expect(digest?.text).toContain("Oi, professor!");
    expect(digest?.text).toContain("Podemos mudar o horário?");
    expect(digest?.text).toContain(`${student.firstName} Souza`);
    expect(digest?.text).toContain(`/mensagens/${id}`);
    expect(await sweep(teacher, 17)).toEqual([]);
    expect(await sweep(student, 17)).toEqual([]);
  });

  it("sends nothing for messages read in time, nor to someone who turned the digest off", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    const message = (await sendMessage(test.app, student, id, "Oi!")).json();
    await markRead(test.app, teacher, id, message.id);
    expect(await sweep(teacher, 16)).toEqual([]);
    const off = await test.app.inject({
      method: "PUT",
      url: "/api/account/mail-preferences",
      headers: student.auth,
      payload: { off: ["messages"] },
    });
    expect(off.json()).toEqual({ off: ["messages"] });
    await sendMessage(test.app, teacher, id, "Olá!");
    expect(await sweep(student, 16)).toEqual([]);
  });

  it("tries a refused digest again at the next sweep", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    await sendMessage(test.app, teacher, id, "Lembre do exercício");
    failing = true;
    try {
      expect(await sweep(student, 16)).toEqual([]);
    } finally {
      failing = false;
    }
    const retried = await sweep(student, 17);
    expect(retried.map((mail) => mail.subject)).toEqual(["Você tem 1 mensagem não lida"]);
    expect(await sweep(student, 18)).toEqual([]);
  });
});

describe("a party's personal data (LGPD)", () => {
  it("is in their download, and gone from every read model once erased, the audit chain still whole", async () => {
    const { student, teacher, id } = await givenConversation(test.app);
    await sendMessage(test.app, student, id, "Meu segredo");
    await sendMessage(test.app, teacher, id, "Resposta do professor");
    const exported = (
      await test.app.inject({ method: "GET", url: "/api/account/export", headers: student.auth })
    ).json();
    expect(
      exported.messages
        .filter((event: { type: string }) => event.type === "MessageSent")
        .map((event: { data: { text: string } }) => event.data.text),
    ).toEqual(["Meu segredo", "Resposta do professor"]);

    const erased = await test.app.inject({
      method: "POST",
      url: `/api/users/${student.login}/erase`,
      headers: bearer(await adminToken(test.app)),
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const [summary] = (await conversationsOf(test.app, teacher)).json();
    expect(summary).toMatchObject({ id, with: { id: student.id, name: PERSON_REMOVED } });
    expect(summary.lastMessage.text).toBe(PERSON_REMOVED);
    const page = (await messagesOf(test.app, teacher.auth, id)).json();
    expect(page.messages.map((message: { text: string }) => message.text)).toEqual([PERSON_REMOVED, PERSON_REMOVED]);
    const refused = await sendMessage(test.app, teacher, id, "Ainda está aí?");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messageErrors.closed);
    // The events stay as stored; their texts no longer open.
    const history = await test.app.eventStore.readStream(`conversation-${id}`);
    expect(history.filter((event) => event.type === "MessageSent").map((event) => event.data)).toEqual([
      expect.objectContaining({ text: PERSON_REMOVED }),
      expect.objectContaining({ text: PERSON_REMOVED }),
    ]);
    const audit = createAuditLog(test.db);
    await audit.catchUp({ upTo: (await audit.lastStored()) ?? undefined, timeoutMs: 30_000 });
    expect((await audit.verify()).brokenAt).toBeNull();
  });
});
