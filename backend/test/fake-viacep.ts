import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for ViaCEP on 127.0.0.1 (random port): `GET /ws/{cep}/json/` answers as ViaCEP does (the
 * full address object, `{"erro": true}` for an unknown CEP, 400 for a malformed one), with knobs for outages.
 */
export interface FakeViaCep {
  /** What to pass as the client's `baseUrl` (ends in /ws, like ViaCEP's). */
  baseUrl: string;
  /** The CEPs it knows, by their 8 digits. */
  addresses: Map<string, { logradouro: string; bairro: string; localidade: string; uf: string }>;
  /** Answer unknown CEPs the older way, `{"erro": "true"}`. */
  legacyNotFound: boolean;
  /** When set, every request is answered with this status. */
  failWith: number | undefined;
  delayMs: number;
  /** The paths asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

export const startFakeViaCep = async (): Promise<FakeViaCep> => {
  const fake: FakeViaCep = {
    baseUrl: "",
    addresses: new Map([
      ["01001000", { logradouro: "Praça da Sé", bairro: "Sé", localidade: "São Paulo", uf: "SP" }],
      ["20040020", { logradouro: "Avenida Rio Branco", bairro: "Centro", localidade: "Rio de Janeiro", uf: "RJ" }],
    ]),
    legacyNotFound: false,
    failWith: undefined,
    delayMs: 0,
    requests: [],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    fake.requests.push(path);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.failWith !== undefined) {
      response.writeHead(fake.failWith, { "content-type": "text/html" });
      return response.end("<html><body>Service Unavailable</body></html>");
    }
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(path);
    if (!match) {
      response.writeHead(404, { "content-type": "text/html" });
      return response.end("<html><body>Not Found</body></html>");
    }
    const cep = match[1] ?? "";
    if (!/^\d{8}$/.test(cep)) {
      response.writeHead(400, { "content-type": "text/html" });
      return response.end("<html><body>Bad Request</body></html>");
    }
    const address = fake.addresses.get(cep);
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    if (address === undefined) return response.end(JSON.stringify({ erro: fake.legacyNotFound ? "true" : true }));
    response.end(
      JSON.stringify({
        cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
        ...address,
        complemento: "",
        unidade: "",
        estado: address.uf === "SP" ? "São Paulo" : "Rio de Janeiro",
        regiao: "Sudeste",
        ibge: "3550308",
        gia: "1004",
        ddd: "11",
        siafi: "7107",
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  return fake;
};
