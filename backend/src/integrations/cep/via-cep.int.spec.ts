import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeViaCep, startFakeViaCep } from "../../../test/fake-viacep";
import { CepUnavailable, createViaCepClient, InvalidCep } from "./via-cep";

describe("ViaCEP client against a local fake ViaCEP", () => {
  let fake: FakeViaCep;

  beforeEach(async () => {
    fake = await startFakeViaCep();
  });

  afterEach(async () => {
    await fake.close();
  });

  it("finds the address of a CEP typed with or without its hyphen", async () => {
    const client = createViaCepClient({ baseUrl: fake.baseUrl });
    const address = { street: "Praça da Sé", neighbourhood: "Sé", city: "São Paulo", state: "SP" };
    expect(await client.lookup("01001-000")).toEqual(address);
    expect(await client.lookup("20040020")).toEqual({
      street: "Avenida Rio Branco",
      neighbourhood: "Centro",
      city: "Rio de Janeiro",
      state: "RJ",
    });
    expect(fake.requests).toEqual(["/ws/01001000/json/", "/ws/20040020/json/"]);
  });

  it("refuses a malformed CEP before asking ViaCEP", async () => {
    const client = createViaCepClient({ baseUrl: fake.baseUrl });
    for (const cep of ["0100100", "01001-0000", "0100a000", "", "01-001-000"]) {
      await expect(client.lookup(cep)).rejects.toBeInstanceOf(InvalidCep);
    }
    expect(fake.requests).toEqual([]);
  });

  it("answers not-found for a CEP ViaCEP does not know, in its current and older answers", async () => {
    const client = createViaCepClient({ baseUrl: fake.baseUrl });
    expect(await client.lookup("99999999")).toBe("not-found");
    fake.legacyNotFound = true;
    expect(await client.lookup("99999998")).toBe("not-found");
  });

  it("throws CepUnavailable when ViaCEP answers 5xx", async () => {
    fake.failWith = 503;
    await expect(createViaCepClient({ baseUrl: fake.baseUrl }).lookup("01001000")).rejects.toBeInstanceOf(
      CepUnavailable,
    );
  });

  it("throws CepUnavailable when ViaCEP is too slow, without waiting for it", async () => {
    fake.delayMs = 1_000;
    const started = Date.now();
    await expect(
      createViaCepClient({ baseUrl: fake.baseUrl, timeoutMs: 200 }).lookup("01001000"),
    ).rejects.toBeInstanceOf(CepUnavailable);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("throws CepUnavailable when ViaCEP cannot be reached", async () => {
    const baseUrl = fake.baseUrl;
    await fake.close();
    await expect(createViaCepClient({ baseUrl }).lookup("01001000")).rejects.toBeInstanceOf(CepUnavailable);
    fake = await startFakeViaCep();
  });

  it("remembers found and unknown CEPs, and an outage is not remembered", async () => {
    const client = createViaCepClient({ baseUrl: fake.baseUrl });
    fake.failWith = 503;
    await expect(client.lookup("01001000")).rejects.toBeInstanceOf(CepUnavailable);
    fake.failWith = undefined;
    await client.lookup("01001000");
    await client.lookup("01001-000");
    await client.lookup("99999999");
    await client.lookup("99999999");
    expect(fake.requests).toEqual(["/ws/01001000/json/", "/ws/01001000/json/", "/ws/99999999/json/"]);
  });

  it("keeps a bounded cache: the least recently asked CEP is asked again", async () => {
    const client = createViaCepClient({ baseUrl: fake.baseUrl, cacheSize: 2 });
    await client.lookup("01001000");
    await client.lookup("20040020");
    await client.lookup("01001000");
    await client.lookup("99999999");
    await client.lookup("01001000");
    await client.lookup("20040020");
    expect(fake.requests).toEqual([
      "/ws/01001000/json/",
      "/ws/20040020/json/",
      "/ws/99999999/json/",
      "/ws/20040020/json/",
    ]);
  });

  it("asks once for the same CEP looked up at the same moment", async () => {
    const client = createViaCepClient({ baseUrl: fake.baseUrl });
    fake.delayMs = 50;
    const answers = await Promise.all([
      client.lookup("01001000"),
      client.lookup("01001-000"),
      client.lookup("01001000"),
    ]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(fake.requests).toHaveLength(1);
  });
});
