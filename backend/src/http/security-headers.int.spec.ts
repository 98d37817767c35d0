import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CheckoutResult } from "@el/domain/purchasing/purchase-views";
import { listPackages } from "@el/projections/catalog/index";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signedUpStudent } from "../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../test/app";
import { sandboxIssuerAnswer } from "../integrations/payments/sandbox-gateway";

/** The Content-Security-Policy of an answer, directive by directive. */
const policyOf = (response: LightMyRequestResponse) =>
  Object.fromEntries(
    String(response.headers["content-security-policy"] ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>;

/** The CSP source that allows exactly the inline text between `<tag>` and `</tag>` in a page. */
const digestOfInline = (html: string, tag: "script" | "style") => {
  const text = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? "";
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
};

describe("security headers", () => {
  let test: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
    await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>English Lessons</title>");
    test = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await test.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("on the web app and every API answer, refusals included: scripts only from our files, never framed, nosniff, no referrer", async () => {
    for (const response of [
      await test.app.inject({ method: "GET", url: "/student/contratar-aulas" }),
      await test.app.inject({ method: "GET", url: "/api/levels" }),
      await test.app.inject({ method: "GET", url: "/api/account" }),
      await test.app.inject({ method: "POST", url: "/api/levels", payload: { name: 5 } }),
    ]) {
      const policy = policyOf(response);
      expect(policy["script-src"]).toEqual(["'self'"]);
      expect(policy["script-src-attr"]).toEqual(["'none'"]);
      expect(policy["object-src"]).toEqual(["'none'"]);
      expect(policy["frame-ancestors"]).toEqual(["'none'"]);
      // The Pix QR code is a data: image; frames and forms reach only the debit's bank page (ours in the sandbox).
      expect(policy["img-src"]).toContain("data:");
      expect(policy["frame-src"]).toEqual(["'self'", "http://localhost:8080"]);
      expect(policy["form-action"]).toEqual(["'self'", "http://localhost:8080"]);
      expect(policy["upgrade-insecure-requests"]).toBeUndefined();
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      // Served over plain HTTP: HSTS would make browsers refuse the address until it expired.
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("add HSTS and upgrade requests when the public address is https", async () => {
    const behindTls = await createTestApp({ env: { BASE_URL: "https://aulas.example.com.br" } });
    try {
      const response = await behindTls.app.inject({ method: "GET", url: "/api/levels" });
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(policyOf(response)["upgrade-insecure-requests"]).toEqual([]);
      expect(policyOf(response)["frame-src"]).toEqual(["'self'", "https://aulas.example.com.br"]);
    } finally {
      await behindTls.close();
    }
  });

  it("let the web app frame and post to Getnet's host, and any bank the operator names, when Getnet is the gateway", async () => {
    const getnet = await createTestApp({
      env: {
        GETNET_CLIENT_ID: "client",
        GETNET_CLIENT_SECRET: "secret",
        GETNET_SELLER_ID: "seller",
        GETNET_BASE_URL: "https://api.getnet.com.br/",
        GETNET_ISSUER_ORIGINS: "https://acs.banco.example https://3ds.outro-banco.example/path",
      },
    });
    try {
      const policy = policyOf(await getnet.app.inject({ method: "GET", url: "/api/levels" }));
      const sources = [
        "'self'",
        "http://localhost:8080",
        "https://api.getnet.com.br",
        "https://acs.banco.example",
        "https://3ds.outro-banco.example",
      ];
      expect(policy["frame-src"]).toEqual(sources);
      expect(policy["form-action"]).toEqual(sources);
    } finally {
      await getnet.close();
    }
  });

  it("let the sandbox bank's page and the bank's return work inside the app's frame, with nothing inline but what they carry", async () => {
    const student = await signedUpStudent(test.app);
    const fourLessons = (await listPackages(test.app.db)).find((pack) => pack.amount === 4)?.id;
    const checkout = await test.app.inject({
      method: "POST",
      url: "/api/purchases/checkout",
      headers: bearer(student.token),
      payload: {
        address: {
          cep: "01310-100",
          street: "Avenida Paulista",
          number: "1000",
          neighbourhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          country: "BR",
        },
        user: { cpf: "529.982.247-25" },
        packages: [{ id: fourLessons, quantity: 1 }],
        card: {
          number: "4111 1111 1111 1111",
          name: "ANA SOUZA",
          expiry: "12/30",
          cvc: "123",
          method: "debit",
          installments: 1,
        },
      },
    });
    const debit = checkout.json<CheckoutResult>().additionalData as {
      redirect_url: string;
      term_url: string;
      post_data: { issuer_payment_id: string; payer_authentication_request: string };
    };
    const form = (fields: Record<string, string>) => ({
      payload: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

    const bank = await test.app.inject({
      method: "POST",
      url: debit.redirect_url,
      ...form({
        MD: debit.post_data.issuer_payment_id,
        PaReq: debit.post_data.payer_authentication_request,
        TermUrl: debit.term_url,
      }),
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(policyOf(bank)).toEqual({
      "default-src": ["'none'"],
      "base-uri": ["'none'"],
      "script-src": ["'none'"],
      "style-src": [digestOfInline(bank.body, "style")],
      "form-action": ["'self'", "http://localhost:8080"],
      "frame-ancestors": ["'self'"],
    });
    expect(bank.headers["x-frame-options"]).toBe("SAMEORIGIN");

    const back = await test.app.inject({
      method: "POST",
      url: debit.term_url,
      ...form({
        MD: debit.post_data.issuer_payment_id,
        PaRes: sandboxIssuerAnswer(debit.post_data.payer_authentication_request, true),
      }),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.body).toContain(`data-target="/student/contratar-aulas?purchase=`);
    expect(policyOf(back)).toMatchObject({
      "default-src": ["'none'"],
      "script-src": [digestOfInline(back.body, "script")],
      "frame-ancestors": ["'self'"],
    });
    expect(back.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
