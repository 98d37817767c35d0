import { api } from "../../../lib/api";
import { User } from "./user";

export const getUser = async (login: string) => User.parse(await api.get(`api/users/${encodeURIComponent(login)}`));
