/** What a student types at the checkout, for the tests and benchmarks that buy lessons over HTTP. */

/** The sandbox gateway approves this card and declines the other. */
export const APPROVED_CARD = "4111 1111 1111 1111";
export const DECLINED_CARD = "4000 0000 0000 0002";

/** A CPF whose check digits add up. */
export const BUYER_CPF = "529.982.247-25";

export const buyerAddress = {
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  neighbourhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  country: "BR",
};

export const cardOf = (number = APPROVED_CARD, installments = 1, method: "credit" | "debit" = "credit") => ({
  number,
  name: "ANA SOUZA",
  expiry: "12/30",
  cvc: "123",
  method,
  installments,
});

/** A checkout of one `packageId` (by the approved credit card unless `extra` says otherwise). */
export const checkoutBody = (packageId: number | undefined, extra: Record<string, unknown> = {}) => ({
  card: cardOf(),
  address: buyerAddress,
  user: { cpf: BUYER_CPF },
  packages: [{ id: packageId, quantity: 1 }],
  ...extra,
});
