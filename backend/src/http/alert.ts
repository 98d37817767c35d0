import type { FastifyReply } from "fastify";

/**
 * JHipster's success alert: the web app shows the translated `key` with `param` (an id or a login).
 * The param is URI-encoded, as JHipster does, because a login may hold characters a header cannot.
 */
export const alert = (reply: FastifyReply, key: string, param: string | number = "") =>
  reply.header("X-app-alert", key).header("X-app-params", encodeURIComponent(String(param)));
