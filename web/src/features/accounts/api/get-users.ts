import { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "../../../lib/page-query";
import { User } from "./user";

export type UserKind = "admin" | "teacher" | "student";

/**
 * `GET api/users/{kind}?page&size&sort`: one page and the total from `X-Total-Count`; with `replay`, the list as
 * it stood at that replay's moment.
 */
export const getUsers = async (kind: UserKind, query: PageQuery, replay?: string) => {
  const response = await api.getWithHeaders<unknown>(`api/users/${kind}`, replay ? { ...query, replay } : query);
  return { users: z.array(User).parse(response.data), total: Number(response.headers.get("X-Total-Count") ?? 0) };
};

/** Management screens search in the browser over the whole list (spec section 7: size 99999, ascending). */
export const getAllUsers = async (kind: UserKind, replay?: string) =>
  (await getUsers(kind, { page: 0, size: 99999, sort: "id,asc" }, replay)).users;
