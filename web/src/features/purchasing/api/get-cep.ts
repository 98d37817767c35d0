import type { CepParams } from "@el/domain/purchasing/purchase-requests";
import { CepView } from "@el/domain/purchasing/purchase-views";
import { api } from "../../../lib/api";

/**
 * `GET api/cep/{cep}`, the digits only: the address, or a 400 (malformed), a 404 (no such CEP) or a 503 (the
 * postal service could not be asked).
 */
export const getCep = async (cep: CepParams["cep"]) =>
  CepView.parse(await api.get(`api/cep/${cep.replace(/\D/g, "")}`));
