import { z } from "zod";
import { api } from "../../../lib/api";

/** `POST api/users/{login}/credits { amount }` → the student's new balance. */
export const grantCredits = async (login: string, amount: number) =>
  z.object({ balance: z.number() }).parse(await api.post(`api/users/${encodeURIComponent(login)}/credits`, { amount }))
    .balance;
