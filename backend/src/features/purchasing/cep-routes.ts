import { invalid, notFound } from "@el/domain";
import { CepParams } from "@el/domain/purchasing/purchase-requests";
import { CepView, purchaseMessages } from "@el/domain/purchasing/purchase-views";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Unavailable } from "../../http/unavailable";
import { CepUnavailable, InvalidCep } from "../../integrations/cep/via-cep";

/**
 * `GET /api/cep/{cep}`: the address of a CEP for the checkout form, through ViaCEP. ViaCEP being down is a
 * 503 the form reads as "type the address yourself", never a reason to refuse the sale.
 */
export const cepRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/cep/:cep",
    {
      config: { roles: "authenticated" },
      schema: { params: CepParams, response: { 200: CepView } },
    },
    async (request) => {
      try {
        const address = await app.cep.lookup(request.params.cep);
        if (address === "not-found") throw notFound(purchaseMessages.invalidCep);
        return address;
      } catch (error) {
        if (error instanceof InvalidCep) throw invalid(purchaseMessages.invalidCep, "cep");
        if (error instanceof CepUnavailable) throw new Unavailable(5, error.message);
        throw error;
      }
    },
  );
};
