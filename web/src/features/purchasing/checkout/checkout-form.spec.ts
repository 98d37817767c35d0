import { describe, expect, it } from "vitest";
import {
  BRAZILIAN_STATES,
  type CheckoutFormValues,
  checkoutFormSchema,
  emptyCheckoutForm,
  isMissingRequired,
} from "./checkout-form";

/** A Pix purchase with every address field filled, as when the CEP was found. */
const filled: CheckoutFormValues = {
  ...emptyCheckoutForm,
  cpf: "529.982.247-25",
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  neighbourhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  method: "PIX",
};

const stateIssues = (values: CheckoutFormValues) =>
  checkoutFormSchema()
    .safeParse(values)
    .error?.issues.filter((issue) => issue.path[0] === "state")
    .map((issue) => issue.message) ?? [];

describe("the checkout form's state", () => {
  it("offers the 27 federative units", () => {
    expect(new Set(BRAZILIAN_STATES).size).toBe(27);
  });

  it("is required: without it the order is not offered, and sending says to choose one", () => {
    expect(isMissingRequired(filled)).toBe(false);
    expect(stateIssues(filled)).toEqual([]);
    expect(isMissingRequired({ ...filled, state: "" })).toBe(true);
    expect(stateIssues({ ...filled, state: "" })).toEqual(["purchasing.form.errors.state"]);
  });

  it("refuses what is not a federative unit", () => {
    expect(stateIssues({ ...filled, state: "XX" })).toEqual(["purchasing.form.errors.state"]);
  });
});
