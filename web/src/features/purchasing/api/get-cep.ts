import { CepView } from "@el/domain/purchasing/purchase-views";
import { ApiError, api } from "../../../lib/api";

export type CepLookup =
  | { kind: "found"; address: CepView }
  | { kind: "invalid" }
  /** The postal service could not be asked: the student types the address by hand. */
  | { kind: "unavailable" };

/**
 * `GET api/cep/{cep}`: 400 (malformed) and 404 (no such CEP) both mean an invalid CEP; 503, a dropped
 * connection or anything else the server could not answer leaves the address to be typed, so a postal
 * service outage never blocks a sale.
 */
export const lookUpCep = async (cep: string): Promise<CepLookup> => {
  try {
    return { kind: "found", address: CepView.parse(await api.get(`api/cep/${cep.replace(/\D/g, "")}`)) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return { kind: "invalid" };
    return { kind: "unavailable" };
  }
};
