import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { type FakeViaCep, startFakeViaCep } from "../../../test/fake-viacep";

describe("the address by CEP", () => {
  let viaCep: FakeViaCep;
  let test: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    viaCep = await startFakeViaCep();
    test = await createTestApp({ env: { VIACEP_BASE_URL: viaCep.baseUrl } });
    auth = bearer((await signedUpStudent(test.app)).token);
  });
  afterAll(async () => {
    await test.close();
    await viaCep.close();
  });
  const lookup = (cep: string) => test.app.inject({ method: "GET", url: `/api/cep/${cep}`, headers: auth });

  it("fills the checkout's address from ViaCEP", async () => {
    const answer = await lookup("01001-000");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ street: "Praça da Sé", neighbourhood: "Sé", city: "São Paulo", state: "SP" });
  });

  it("says 'O CEP fornecido é inválido' for a malformed CEP (400) and an unknown one (404)", async () => {
    const malformed = await lookup("0100");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("O CEP fornecido é inválido");
    const unknown = await lookup("99999-999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("O CEP fornecido é inválido");
  });

  it("answers 503 when ViaCEP is down, so the student types the address instead", async () => {
    viaCep.failWith = 500;
    const answer = await lookup("20040-020");
    viaCep.failWith = undefined;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBeDefined();
  });
});
