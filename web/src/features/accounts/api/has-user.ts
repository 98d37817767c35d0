import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/account/hasUser?email=`: whether an account already uses this e-mail. */
export const hasUser = async (email: string) => z.boolean().parse(await api.get("api/account/hasUser", { email }));
