import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { lookUpCep } from "../api/get-cep";
import type { CheckoutFormValues } from "../checkout/checkout-form";

export type CepState = "idle" | "looking" | "found" | "invalid" | "unavailable";

const COMPLETE_CEP = /^\d{5}-\d{3}$/;
export const INVALID_CEP = "purchasing.form.errors.cep";
const ADDRESS_FIELDS = ["street", "neighbourhood", "city", "state"] as const;

/**
 * Fills the address from the CEP as soon as its eight digits are typed (spec section 5). An invalid or
 * unknown CEP says so and clears the address; when the postal service cannot be reached the student types
 * the address instead, state included, so an outage never blocks a sale. An answer for a CEP the student
 * has since changed is dropped.
 */
export const useCepAutofill = (form: UseFormReturn<CheckoutFormValues>): CepState => {
  const cep = form.watch("cep");
  const [state, setState] = useState<CepState>("idle");
  useEffect(() => {
    if (!COMPLETE_CEP.test(cep)) {
      setState("idle");
      return;
    }
    let current = true;
    setState("looking");
    void lookUpCep(cep).then((lookup) => {
      if (!current) return;
      setState(lookup.kind);
      if (lookup.kind === "found") {
        for (const field of ADDRESS_FIELDS) form.setValue(field, lookup.address[field], { shouldValidate: false });
        form.setValue("country", "BR");
        form.clearErrors(["cep", ...ADDRESS_FIELDS]);
      } else if (lookup.kind === "invalid") {
        for (const field of ADDRESS_FIELDS) form.setValue(field, "");
        form.setError("cep", { message: INVALID_CEP });
      } else {
        form.clearErrors("cep");
      }
    });
    return () => {
      current = false;
    };
  }, [cep, form]);
  return state;
};
