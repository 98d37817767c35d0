import { purchaseStreams } from "@el/domain/purchasing/purchase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpStudent, teacherForm } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenStudent, type Person } from "../../../test/lesson-fixtures";
import type { Mail, Mailer } from "../../plugins/mailer";
import { sendDueAccountMails } from "./account-mail-sender";

/** The sweep on a timer is left to these tests, which sweep when they choose. */
const env = { LESSON_MAIL_INTERVAL_MS: "3600000" };

describe.each(["pglite", "pg"] as const)("account e-mails on %s", (driver) => {
  let test: TestApp;
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
    },
  };
  beforeAll(async () => {
    test = await createTestApp({ driver, env, overrides: { mailer } });
  });
  afterAll(() => test?.close());

  /** What a sweep sent to `address`. */
  const sweep = async (address: string) => {
    const before = sent.length;
    await sendDueAccountMails(test.app);
    return sent.slice(before).filter((mail) => mail.to === address);
  };

  /** A purchase of the student's paid as the checkout stores it: its start, then its payment. */
  const paidPurchase = async (
    student: Person,
    purchase: { method: string; installments: number; totalCents: number },
  ) => {
    const id = await test.app.nextId();
    const at = new Date().toISOString();
    const appended = await test.app.eventStore.appendMany([
      {
        streamId: purchaseStreams.id(id),
        expectedVersion: "any",
        events: [
          {
            type: "PurchaseStarted",
            data: {
              id,
              student: { id: student.id, login: student.login, firstName: student.firstName, lastName: "Souza" },
              orders: [{ packageId: 1, amount: 8, unitCents: purchase.totalCents, quantity: 1 }],
              listCents: purchase.totalCents,
              coupon: null,
              totalCents: purchase.totalCents,
              credits: 8,
              method: purchase.method,
              installments: purchase.installments,
              card: purchase.method === "CREDIT" ? { brand: "VISA", last4: "1111" } : null,
              sessionId: `session-${id}`,
              startedAt: at,
            },
          },
          { type: "PurchasePaid", data: { paymentId: `pay-${id}`, by: "gateway", credits: 8, paidAt: at } },
        ],
      },
    ]);
    await test.app.projections.waitFor(appended.lastPosition);
    return id;
  };

  it("welcomes a student who signs up, in the language she signed up in, once", async () => {
    const student = await signedUpStudent(test.app, { firstName: "Alice", langKey: "en" });
    const mails = await sweep(student.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Welcome to English Lessons"]);
    expect(mails[0]?.text).toContain("Hello, Alice!");
    expect(mails[0]?.text).toContain("schedule your first lesson");
    expect(await sweep(student.email)).toEqual([]);
  });

  it("welcomes a teacher who applies, in Portuguese, telling that the application waits for approval", async () => {
    const form = teacherForm({ firstName: "Bruno" });
    const registered = await test.app.inject({ method: "POST", url: "/api/register", payload: form });
    expect(registered.statusCode, registered.body).toBe(201);
    const mails = await sweep(form.email as string);
    expect(mails.map((mail) => mail.subject)).toEqual(["Bem-vindo(a) ao English Lessons"]);
    expect(mails[0]?.text).toContain("Olá, Bruno!");
    expect(mails[0]?.text).toContain("Assim que a equipe aprová-la");
  });

  it("confirms each paid purchase with its amount, method and installments, once", async () => {
    const student = await givenStudent(test.app, { firstName: "Ana" });
    await sweep(student.login);
    await paidPurchase(student, { method: "CREDIT", installments: 3, totalCents: 360_00 });
    const [card] = await sweep(student.login);
    expect(card?.subject).toBe("Compra confirmada");
    expect(card?.text).toContain("Valor: R$ 360,00");
    expect(card?.text).toContain("Forma de pagamento: Cartão de crédito");
    expect(card?.text).toContain("Parcelas: 3x de R$ 120,00");
    expect(card?.text).toContain("Aulas: 8");

    await paidPurchase(student, { method: "PIX", installments: 1, totalCents: 99_90 });
    const [pix] = await sweep(student.login);
    expect(pix?.text).toContain("Valor: R$ 99,90");
    expect(pix?.text).toContain("Forma de pagamento: Pix");
    expect(pix?.text).toContain("Parcelas: à vista");
    expect(await sweep(student.login)).toEqual([]);
  });
});
