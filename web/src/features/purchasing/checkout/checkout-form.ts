import type { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import { isValidCpf } from "@el/domain/purchasing/payment-details";
import {
  BRAZILIAN_STATES,
  type CheckoutBody,
  MAX_INSTALLMENTS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "@el/domain/purchasing/purchase-views";
import { z } from "zod";

/** What the student types: masked texts as the inputs hold them. */
export interface CheckoutFormValues {
  cpf: string;
  cep: string;
  street: string;
  number: string;
  neighbourhood: string;
  city: string;
  state: string;
  country: string;
  method: PaymentMethod;
  installments: string;
  cardNumber: string;
  cardName: string;
  cardExpiry: string;
  cardCvc: string;
}

export const emptyCheckoutForm: CheckoutFormValues = {
  cpf: "",
  cep: "",
  street: "",
  number: "",
  neighbourhood: "",
  city: "",
  state: "",
  country: "BR",
  method: "CREDIT",
  installments: "1",
  cardNumber: "",
  cardName: "",
  cardExpiry: "",
  cardCvc: "",
};

/** The form filled with what the student's last checkout kept (CPF and address); the rest as new. */
export const prefilledCheckoutForm = (saved: BuyerDetailsView | null): CheckoutFormValues => ({
  ...emptyCheckoutForm,
  ...(saved?.cpf ? { cpf: saved.cpf } : {}),
  ...(saved?.address ?? {}),
});

/** The payment details the checkout machine sends, without what the cart and the pre-order add. */
export type CheckoutDetails = Pick<CheckoutBody, "method" | "card" | "address" | "user">;

export const usesCard = (method: PaymentMethod) => method === "CREDIT" || method === "DEBIT";

/** The 27 federative units, as the address's `state` carries them (the domain's list). */
export { BRAZILIAN_STATES };

const ADDRESS_FIELDS = ["cpf", "cep", "street", "number", "city", "state"] as const;
const CARD_FIELDS = ["cardNumber", "cardName", "cardExpiry", "cardCvc"] as const;

/**
 * Spec section 5: the purchase can be sent only once cpf, cep, street, number, city, state, the method and, for
 * a card, its number, name, expiry and cvc are filled.
 */
export const isMissingRequired = (values: CheckoutFormValues) =>
  ADDRESS_FIELDS.some((field) => values[field].trim() === "") ||
  !PAYMENT_METHODS.includes(values.method) ||
  (usesCard(values.method) && CARD_FIELDS.some((field) => values[field].trim() === ""));

const MESSAGES = {
  cpf: "purchasing.form.errors.cpf",
  cep: "purchasing.form.errors.cep",
  required: "purchasing.form.errors.required",
  state: "purchasing.form.errors.state",
  cardNumber: "purchasing.form.errors.cardNumber",
  cardExpiry: "purchasing.form.errors.cardExpiry",
  cardCvc: "purchasing.form.errors.cardCvc",
} as const;

/** MM/YY, a real month, not before this one. */
const isValidExpiry = (expiry: string, now: Date) => {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
};

const text = z.string();

/** The checks behind the field messages; `now` decides which card expiries have passed. */
export const checkoutFormSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      cpf: text.refine(isValidCpf, MESSAGES.cpf),
      cep: text.regex(/^\d{5}-\d{3}$/, MESSAGES.cep),
      street: text.trim().min(1, MESSAGES.required),
      number: text.trim().min(1, MESSAGES.required),
      neighbourhood: text,
      city: text.trim().min(1, MESSAGES.required),
      state: text.refine((state) => (BRAZILIAN_STATES as readonly string[]).includes(state), MESSAGES.state),
      country: text,
      method: z.enum(PAYMENT_METHODS),
      installments: text,
      cardNumber: text,
      cardName: text,
      cardExpiry: text,
      cardCvc: text,
    })
    .superRefine((values, context) => {
      if (!usesCard(values.method)) return;
      const refuse = (path: (typeof CARD_FIELDS)[number], message: string) =>
        context.addIssue({ code: "custom", path: [path], message });
      if (!/^\d{4} \d{4} \d{4} \d{4}$/.test(values.cardNumber)) refuse("cardNumber", MESSAGES.cardNumber);
      if (values.cardName.trim() === "") refuse("cardName", MESSAGES.required);
      if (!isValidExpiry(values.cardExpiry, now())) refuse("cardExpiry", MESSAGES.cardExpiry);
      if (!/^\d{3}$/.test(values.cardCvc)) refuse("cardCvc", MESSAGES.cardCvc);
    });

const installmentsOf = (values: CheckoutFormValues) => {
  const chosen = Number(values.installments);
  return values.method === "CREDIT" && Number.isInteger(chosen) && chosen >= 1 && chosen <= MAX_INSTALLMENTS
    ? chosen
    : 1;
};

/** The form as the checkout body carries it: digits without masks, card fields only for a card. */
export const toCheckoutDetails = (values: CheckoutFormValues): CheckoutDetails => ({
  method: values.method,
  card: usesCard(values.method)
    ? {
        number: values.cardNumber.replace(/\D/g, ""),
        name: values.cardName.trim(),
        expiry: values.cardExpiry,
        cvc: values.cardCvc,
        method: values.method === "DEBIT" ? "debit" : "credit",
        installments: installmentsOf(values),
      }
    : null,
  address: {
    cep: values.cep,
    street: values.street.trim(),
    number: values.number.trim(),
    neighbourhood: values.neighbourhood.trim(),
    city: values.city.trim(),
    state: values.state.trim().toUpperCase(),
    country: values.country || "BR",
  },
  user: { cpf: values.cpf },
});

/** 1x to 4x without interest: each installment's value, in reais, for the credit card's choice. */
export const installmentOptions = (total: number) =>
  Array.from({ length: MAX_INSTALLMENTS }, (_, index) => ({
    count: index + 1,
    value: Math.round((total * 100) / (index + 1)) / 100,
  }));
