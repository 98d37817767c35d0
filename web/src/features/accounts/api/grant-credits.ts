import { CreditBalanceView, type CreditGrantBody } from "@el/domain/catalog/catalog-views";
import type { z } from "zod";
import { api } from "../../../lib/api";

/** `POST api/users/{login}/credits { amount }` → the student's new balance. */
export const grantCredits = async (login: string, amount: number) =>
  CreditBalanceView.parse(
    await api.post(`api/users/${encodeURIComponent(login)}/credits`, { amount } satisfies z.input<
      typeof CreditGrantBody
    >),
  ).balance;
