import type { CepView } from "@el/domain/purchasing/purchase-views";
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { ApiError } from "../../../lib/api";
import { getCep } from "../api/get-cep";
import type { CheckoutFormValues } from "../checkout/checkout-form";

export type CepState = "idle" | "looking" | "found" | "invalid" | "unavailable";

const COMPLETE_CEP = /^\d{5}-\d{3}$/;
export const INVALID_CEP = "purchasing.form.errors.cep";
const ADDRESS_FIELDS = ["street", "neighbourhood", "city", "state"] as const;

type CepLookup =
  | { kind: "found"; address: CepView }
  | { kind: "invalid" }
  /** The postal service could not be asked: the student types the address by hand. */
  | { kind: "unavailable" };

/**
 * 400 (malformed) and 404 (no such CEP) both mean an invalid CEP; 503, a dropped connection or anything else
 * the server could not answer leaves the address to be typed, so a postal service outage never blocks a sale.
 */
const lookUpCep = async (cep: string): Promise<CepLookup> => {
  try {
    return { kind: "found", address: await getCep(cep) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return { kind: "invalid" };
    return { kind: "unavailable" };
  }
};

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
