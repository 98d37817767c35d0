import { Writable } from "node:stream";
import { purchaseErrors } from "@el/domain/purchasing/purchase";
import type { CheckoutResult, PurchasePaymentView, PurchaseView } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { aTrail, saoPauloTime } from "../../../test/lesson-fixtures";
import { APPROVED_CARD, buyerAddress, cardOf, DECLINED_CARD } from "../../../test/purchase-fixtures";
import { sandboxIssuerAnswer } from "../../integrations/payments/sandbox-gateway";

const address = buyerAddress;

/** CRC16-CCITT (poly 0x1021, init 0xFFFF), written here independently of the gateway's library. */
const crc16 = (text: string) => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
};

describe("buying lessons", () => {
  let test: TestApp;
  let admin: Record<string, string>;
  let fourLessons: number;
  let oneLesson: number;
  const logs: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    test = await createTestApp({ logger: { level: "debug", stream } });
    admin = bearer(await adminToken(test.app));
    const packages = await listPackages(test.app.db);
    fourLessons = packages.find((pack) => pack.amount === 4)?.id ?? 0;
    oneLesson = packages.find((pack) => pack.amount === 1)?.id ?? 0;
  });
  afterAll(() => test.close());

  const aStudent = async () => {
    const student = await signedUpStudent(test.app);
    return { id: student.id, login: student.email, auth: bearer(student.token) };
  };
  const balanceOf = async (auth: Record<string, string>) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: auth })).json<{ balance: number }>().balance;
  const checkout = (
    auth: Record<string, string>,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: { ...auth, ...headers },
      payload: { address, user: { cpf: "529.982.247-25" }, packages: [{ id: fourLessons, quantity: 1 }], ...body },
    });
  const byCard = (number = APPROVED_CARD, installments = 1, method: "credit" | "debit" = "credit") => ({
    card: cardOf(number, installments, method),
  });
  const purchasesOf = async (auth: Record<string, string>) =>
    (await test.app.inject({ method: "GET", url: "/api/purchases/authenticatedUser", headers: auth })).json<
      PurchaseView[]
    >();
  const aCoupon = async (fields: Record<string, unknown>) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/coupons",
      headers: admin,
      payload: { quantity: 1, discount: 10, percentual: true, active: true, ...fields },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };

  it("prices a pre-order at the catalogue's prices, in reais, with a session id for the device fingerprint", async () => {
    const student = await aStudent();
    const response = await test.app.inject({
      method: "POST",
      url: "/api/purchases/preorder",
      headers: student.auth,
      payload: {
        packages: [
          { id: fourLessons, quantity: 2 },
          { id: oneLesson, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preorder = response.json<{ orders: unknown[]; total: number; sessionId: string }>();
    expect(preorder.total).toBe(2 * 180 + 47);
    expect(preorder.orders).toContainEqual({
      itemPackage: { id: fourLessons, amount: 4, value: 180 },
      quantity: 2,
      total: 360,
    });
    expect(preorder.sessionId).toMatch(/^[\w-]{20,80}$/);
  });

  it("sells a 4-lesson pack by credit card in 2x with a coupon: approved, the credits at once, the discount on the receipt", async () => {
    const student = await aStudent();
    await aCoupon({ code: "BEMVINDO10" });
    const response = await checkout(student.auth, { ...byCard(APPROVED_CARD, 2), coupon: { code: "bemvindo10" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CheckoutResult>()).toMatchObject({
      status: "APPROVED",
      message: "Compra realizada com sucesso!",
    });
    expect(await balanceOf(student.auth)).toBe(4);
    const [purchase] = await purchasesOf(student.auth);
    expect(purchase).toMatchObject({
      status: "PAID",
      method: "CREDIT",
      installments: 2,
      listPrice: 180,
      discount: 18,
      total: 162,
      credits: 4,
      coupon: { code: "bemvindo10" },
      card: { brand: "Visa", last4: "1111" },
    });
  });

  it("answers a declined card with the gateway's reason, grants nothing and gives the coupon's use back", async () => {
    const student = await aStudent();
    await aCoupon({ code: "UMAVEZ" });
    const declined = await checkout(student.auth, { ...byCard(DECLINED_CARD), coupon: { code: "UMAVEZ" } });
    expect(declined.json<CheckoutResult>()).toMatchObject({ status: "ERROR", message: "Transação não autorizada" });
    expect(await balanceOf(student.auth)).toBe(0);
    // The one use came back: the same coupon still works with a good card.
    const approved = await checkout(student.auth, { ...byCard(), coupon: { code: "UMAVEZ" } });
    expect(approved.json<CheckoutResult>().status).toBe("APPROVED");
    expect((await purchasesOf(student.auth)).map((purchase) => purchase.status)).toEqual(["PAID", "FAILED"]);
  });

  it("never writes the card's number or CVC to a log line, an event or a table", async () => {
    const student = await aStudent();
    logs.length = 0;
    const number = "5155 9012 2228 0001";
    await checkout(student.auth, byCard(number, 3));
    await checkout(student.auth, byCard(DECLINED_CARD));
    const { rows } = await test.app.db.query<{ text: string }>(
      "select string_agg(data::text || metadata::text, ' ') as text from es_events",
    );
    const tables = await test.app.db.query<{ text: string }>(
      "select string_agg(p::text, ' ') as text from purchases p",
    );
    for (const place of [logs.join("\n"), rows[0]?.text ?? "", tables.rows[0]?.text ?? ""]) {
      expect(place).not.toContain("5155901222280001");
      expect(place).not.toContain("4000000000000002");
      expect(place).not.toContain(number);
    }
    expect(logs.join("\n")).toContain("/api/purchases/checkout");
  });

  it("refuses a CPF whose check digits are wrong, a card missing for a card method and more than 4 installments, storing nothing", async () => {
    const student = await aStudent();
    const badCpf = await checkout(student.auth, { ...byCard(), user: { cpf: "529.982.247-26" } });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((error) => error.field)).toContain(
      "user.cpf",
    );
    expect((await checkout(student.auth, { method: "CREDIT" })).statusCode).toBe(400);
    expect((await checkout(student.auth, byCard(APPROVED_CARD, 5))).statusCode).toBe(400);
    expect(await purchasesOf(student.auth)).toEqual([]);
  });

  it("refuses an address without a state, or with one that is no federative unit, storing nothing", async () => {
    const student = await aStudent();
    const { state: _left, ...withoutState } = address;
    for (const refused of [withoutState, { ...address, state: "" }, { ...address, state: "XX" }]) {
      const response = await checkout(student.auth, { ...byCard(), address: refused });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, title: "Bad Request", message: "error.validation" });
      expect(response.json<{ fieldErrors: { field: string }[] }>().fieldErrors.map((error) => error.field)).toEqual([
        "address.state",
      ]);
    }
    expect(await purchasesOf(student.auth)).toEqual([]);
    expect(await balanceOf(student.auth)).toBe(0);
  });

  it("answers a checkout retried with the same Idempotency-Key with the first outcome, charging once", async () => {
    const student = await aStudent();
    const key = { "idempotency-key": "checkout-retry-1" };
    const answers = await Promise.all([
      checkout(student.auth, byCard(), key),
      checkout(student.auth, byCard(), key),
      checkout(student.auth, byCard(), key),
    ]);
    const results = answers.map((answer) => answer.json<CheckoutResult>());
    expect(new Set(results.map((result) => result.purchaseId)).size).toBe(1);
    expect(results.map((result) => result.status)).toEqual(["APPROVED", "APPROVED", "APPROVED"]);
    expect(await balanceOf(student.auth)).toBe(4);
    expect(await purchasesOf(student.auth)).toHaveLength(1);
  });

  it("sells by Pix: a valid BR Code and QR image, paid by the sandbox payer, credited once however often it is notified", async () => {
    const student = await aStudent();
    const response = await checkout(student.auth, { method: "PIX" });
    const result = response.json<CheckoutResult>();
    expect(result.status).toBe("AWAIT_PAYMENT");
    const pix = result.additionalData as { qr_code: string; qr_image: string; expires_at: string };
    expect(pix.qr_code.startsWith("000201")).toBe(true);
    expect(pix.qr_code).toContain("br.gov.bcb.pix");
    expect(pix.qr_code).toContain("5406180.00");
    expect(pix.qr_code.slice(-4)).toBe(crc16(pix.qr_code.slice(0, -4)));
    expect(pix.qr_image.startsWith("data:image/png;base64,")).toBe(true);
    expect(Date.parse(pix.expires_at)).toBeGreaterThan(Date.now());

    const pay = await test.app.inject({
      method: "POST",
      url: `/api/sandbox/purchases/${result.purchaseId}/pay`,
      headers: student.auth,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<PurchaseView>().status).toBe("PAID");
    const paymentId = await paymentIdOf(result.purchaseId);
    // 100 deliveries, 20 at a time (a process works on at most 32 requests at once and sheds the rest).
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          test.app.inject({
            method: "GET",
            url: `/api/purchases/notifications?payment_id=${paymentId}&order_id=${result.purchaseId}`,
          }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await balanceOf(student.auth)).toBe(4);
  });

  /** The history does not show the gateway's payment id: the test reads it where the server keeps it. */
  const paymentIdOf = async (purchaseId: number) => {
    const { rows } = await test.app.db.query<{ payment_id: string }>("select payment_id from purchases where id = $1", [
      purchaseId,
    ]);
    return rows[0]?.payment_id ?? "";
  };

  it("trusts a notification only after asking the gateway: a forged one for an unpaid Pix changes nothing", async () => {
    const student = await aStudent();
    const result = (await checkout(student.auth, { method: "PIX" })).json<CheckoutResult>();
    const paymentId = await paymentIdOf(result.purchaseId);
    const forged = await test.app.inject({
      method: "GET",
      url: `/api/purchases/notifications?payment_id=${paymentId}&order_id=${result.purchaseId}&status=APPROVED`,
    });
    expect(forged.json()).toEqual({ status: "AWAIT_PAYMENT" });
    expect(await balanceOf(student.auth)).toBe(0);
    const unknown = await test.app.inject({ method: "GET", url: "/api/purchases/notifications?payment_id=nope" });
    expect(unknown.statusCode).toBe(404);
  });

  it("sells by boleto: a 47-digit line, a 44-digit barcode, a printable PDF, marked paid by an administrator once", async () => {
    const student = await aStudent();
    const result = (await checkout(student.auth, { method: "BANKSLIP" })).json<CheckoutResult>();
    expect(result.status).toBe("AWAIT_PAYMENT");
    const boleto = result.additionalData as {
      digitable_line: string;
      barcode: string;
      due_date: string;
      pdf_url: string;
    };
    expect(boleto.digitable_line.replace(/\D/g, "")).toHaveLength(47);
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const pdf = await test.app.inject({ method: "GET", url: boleto.pdf_url });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");

    const marks = await Promise.all(
      [1, 2, 3].map(() =>
        test.app.inject({ method: "PUT", url: `/api/purchases/${result.purchaseId}/paid`, headers: admin }),
      ),
    );
    // One marks it paid; the others are told it already was, and record nothing.
    expect(marks.map((mark) => mark.statusCode).sort()).toEqual([200, 400, 400]);
    expect(marks.find((mark) => mark.statusCode === 200)?.headers["x-app-alert"]).toBe("purchasing.purchase.paid");
    for (const refused of marks.filter((mark) => mark.statusCode === 400))
      expect(refused.json()).toMatchObject({ status: 400, message: purchaseErrors.settled });
    expect(await balanceOf(student.auth)).toBe(4);
    const again = await test.app.inject({
      method: "PUT",
      url: `/api/purchases/${result.purchaseId}/paid`,
      headers: admin,
    });
    expect(again.statusCode).toBe(400);
    expect(again.headers["x-app-error"]).toBe(purchaseErrors.settled);
    expect(await balanceOf(student.auth)).toBe(4);

    // The back office's payment page: the gateway's reference and each status once, whoever moved it.
    const payment = await test.app.inject({
      method: "GET",
      url: `/api/purchases/${result.purchaseId}/payment`,
      headers: admin,
    });
    expect(payment.statusCode).toBe(200);
    const { gatewayReference, history } = payment.json<PurchasePaymentView>();
    expect(gatewayReference).toEqual(expect.any(String));
    expect(history.map((change) => [change.status, change.by])).toEqual([
      ["PENDING", null],
      ["AWAIT_PAYMENT", "gateway"],
      ["PAID", expect.stringContaining("admin")],
    ]);
    expect(JSON.stringify(payment.json())).not.toMatch(/\d{13,19}/);
    const unknown = await test.app.inject({ method: "GET", url: "/api/purchases/987654/payment", headers: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it("sells by debit: the bank's authentication page, then its return pays the purchase", async () => {
    const student = await aStudent();
    const result = (await checkout(student.auth, byCard(APPROVED_CARD, 1, "debit"))).json<CheckoutResult>();
    expect(result.status).toBe("AWAIT_AUTHORIZATION");
    const debit = result.additionalData as {
      redirect_url: string;
      term_url: string;
      post_data: { issuer_payment_id: string; payer_authentication_request: string };
    };
    const issuer = await test.app.inject({
      method: "POST",
      url: debit.redirect_url,
      payload: new URLSearchParams({
        MD: debit.post_data.issuer_payment_id,
        PaReq: debit.post_data.payer_authentication_request,
        TermUrl: debit.term_url,
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(issuer.statusCode, issuer.body).toBe(200);
    expect(issuer.body).toContain("final <strong>1111</strong>");
    expect(issuer.body).not.toContain("4111111111111111");

    const back = await test.app.inject({
      method: "POST",
      url: debit.term_url,
      payload: new URLSearchParams({
        MD: debit.post_data.issuer_payment_id,
        PaRes: sandboxIssuerAnswer(debit.post_data.payer_authentication_request, true),
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(`/student/contratar-aulas?purchase=${result.purchaseId}`);
    expect(await balanceOf(student.auth)).toBe(4);
  });

  it("lets an administrator list purchases with filters and totals, and refund one whose credits are unspent, not one already used", async () => {
    const student = await aStudent();
    const kept = (await checkout(student.auth, byCard())).json<CheckoutResult>();
    const refunded = (
      await checkout(student.auth, { ...byCard(), packages: [{ id: oneLesson, quantity: 1 }] })
    ).json<CheckoutResult>();
    const list = await test.app.inject({
      method: "GET",
      url: `/api/purchases?studentId=${student.id}&status=PAID&sort=total,desc`,
      headers: admin,
    });
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.json<PurchaseView[]>().map((purchase) => purchase.id)).toEqual([kept.purchaseId, refunded.purchaseId]);
    const total = await test.app.inject({
      method: "GET",
      url: `/api/purchases/totalAmount?studentId=${student.id}`,
      headers: admin,
    });
    expect(total.json()).toEqual({ total: 227, count: 2 });

    const refund = await test.app.inject({
      method: "POST",
      url: `/api/purchases/${refunded.purchaseId}/refund`,
      headers: admin,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<PurchaseView>().status).toBe("REFUNDED");
    expect(await balanceOf(student.auth)).toBe(4);

    // Three of the four credits go to lessons: the pack can no longer be refunded.
    const trail = await aTrail(test.app);
    for (const day of [2, 3, 4]) {
      const scheduled = await test.app.inject({
        method: "POST",
        url: "/api/schedulings",
        headers: student.auth,
        payload: { trail: { id: trail.id }, date: saoPauloTime(day, 10), objective: "TRAVEL" },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
    }
    const refused = await test.app.inject({
      method: "POST",
      url: `/api/purchases/${kept.purchaseId}/refund`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(await balanceOf(student.auth)).toBe(1);
  });

  it("keeps purchases to their owners and the back office to administrators", async () => {
    const student = await aStudent();
    const other = await aStudent();
    const mine = (await checkout(student.auth, { method: "PIX" })).json<CheckoutResult>();
    // Another student's purchase answers as an unknown id does, so no one learns which ids exist.
    for (const [method, path] of [
      ["GET", "/api/purchases/:id"],
      ["POST", "/api/sandbox/purchases/:id/pay"],
    ] as const) {
      const [others, unknown] = await Promise.all(
        [mine.purchaseId, 987_654].map((id) =>
          test.app.inject({ method, url: path.replace(":id", String(id)), headers: other.auth }),
        ),
      );
      expect([others?.statusCode, others?.json()]).toEqual([404, unknown?.json()]);
      expect(unknown?.statusCode).toBe(404);
    }
    expect(
      (await test.app.inject({ method: "GET", url: `/api/purchases/${mine.purchaseId}`, headers: student.auth }))
        .statusCode,
    ).toBe(200);
    expect((await test.app.inject({ method: "GET", url: "/api/purchases", headers: student.auth })).statusCode).toBe(
      403,
    );
    expect(
      (
        await test.app.inject({
          method: "GET",
          url: `/api/purchases/${mine.purchaseId}/payment`,
          headers: student.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await test.app.inject({ method: "PUT", url: `/api/purchases/${mine.purchaseId}/paid`, headers: student.auth }))
        .statusCode,
    ).toBe(403);
    expect((await test.app.inject({ method: "POST", url: "/api/purchases/checkout", payload: {} })).statusCode).toBe(
      401,
    );
    expect(
      (
        await test.app.inject({
          method: "POST",
          url: "/api/purchases/preorder",
          headers: admin,
          payload: { packages: [] },
        })
      ).statusCode,
    ).toBe(403);
  });
});
