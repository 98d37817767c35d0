import { z } from "zod";

/**
 * Address by CEP through ViaCEP (`GET {baseUrl}/{8 digits}/json/`). The checkout fills the address from it;
 * when ViaCEP is down the student types it by hand, so an outage is an error the caller can tell apart
 * (CepUnavailable) and never a wrong "not found".
 */
export interface Address {
  street: string;
  neighbourhood: string;
  city: string;
  state: string;
}

export interface CepClient {
  /** The address of a CEP ("01001-000" or "01001000"), or "not-found" when ViaCEP knows no such CEP. */
  lookup(cep: string): Promise<Address | "not-found">;
}

export interface ViaCepOptions {
  /** Default https://viacep.com.br/ws */
  baseUrl?: string;
  /** Default 2000: the student is waiting on the form. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** How many CEPs (found or not) are remembered; default 1000, the least recently asked go first. */
  cacheSize?: number;
}

/** Not 8 digits (one hyphen allowed): refused before any request. */
export class InvalidCep extends Error {
  constructor() {
    super("O CEP fornecido é inválido");
    this.name = "InvalidCep";
  }
}

/** ViaCEP could not be reached, did not answer in time, or answered an error of its own. */
export class CepUnavailable extends Error {
  constructor(reason: string) {
    super(`ViaCEP unavailable: ${reason}`);
    this.name = "CepUnavailable";
  }
}

const found = z.object({
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});
// ViaCEP answers an unknown (well-formed) CEP with 200 and `erro`: true in current answers, "true" in older ones.
const notFound = z.object({ erro: z.union([z.literal(true), z.literal("true")]) });

export const createViaCepClient = (options: ViaCepOptions = {}): CepClient => {
  const baseUrl = (options.baseUrl ?? "https://viacep.com.br/ws").replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 2000;
  const doFetch = options.fetch ?? fetch;
  const cacheSize = options.cacheSize ?? 1000;
  const cache = new Map<string, Address | "not-found">();
  // Several students typing the same CEP at once (or a form asking twice) cost one request.
  const inFlight = new Map<string, Promise<Address | "not-found">>();

  const remember = (cep: string, answer: Address | "not-found") => {
    cache.delete(cep);
    cache.set(cep, answer);
    if (cache.size > cacheSize) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  };

  const ask = async (cep: string): Promise<Address | "not-found"> => {
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(`${baseUrl}/${cep}/json/`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status >= 500) throw new CepUnavailable(`HTTP ${response.status}`);
      if (response.status === 400 || response.status === 404) return "not-found";
      if (response.status !== 200) throw new CepUnavailable(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof CepUnavailable) throw error;
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CepUnavailable(timedOut ? `no answer within ${timeoutMs} ms` : "unreachable or not JSON");
    }
    if (notFound.safeParse(body).success) return "not-found";
    const address = found.safeParse(body);
    if (!address.success) throw new CepUnavailable("an answer without an address");
    return {
      street: address.data.logradouro,
      neighbourhood: address.data.bairro,
      city: address.data.localidade,
      state: address.data.uf,
    };
  };

  return {
    async lookup(input: string) {
      const cep = input.trim().replace("-", "");
      if (!/^\d{8}$/.test(cep)) throw new InvalidCep();
      const cached = cache.get(cep);
      if (cached !== undefined) {
        remember(cep, cached);
        return cached;
      }
      const pending = inFlight.get(cep);
      if (pending !== undefined) return pending;
      const request = ask(cep)
        .then((answer) => {
          remember(cep, answer);
          return answer;
        })
        .finally(() => inFlight.delete(cep));
      inFlight.set(cep, request);
      return request;
    },
  };
};
