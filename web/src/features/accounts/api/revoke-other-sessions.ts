import { api } from "../../../lib/api";
import { keepSession } from "./session-token";

/**
 * `POST api/account/sessions/revoke-others`: signs the user out of every other device and browser; this
 * session goes on with the token the answer carries. Its alert says it worked.
 */
export const revokeOtherSessions = async () =>
  keepSession(await api.post<unknown>("api/account/sessions/revoke-others"));
