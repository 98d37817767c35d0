import { z } from "zod";

/**
 * `GET api/purchases/buyer`: the CPF and address the student typed at their last checkout, kept on their record
 * (sealed personal fields), to fill the next one; null until a checkout has kept them.
 */
export const BuyerDetailsView = z.object({
  cpf: z.string().nullable(),
  address: z
    .object({
      cep: z.string(),
      street: z.string(),
      number: z.string(),
      neighbourhood: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
    })
    .nullable(),
});
export type BuyerDetailsView = z.infer<typeof BuyerDetailsView>;
