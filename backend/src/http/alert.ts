import type { FastifyReply } from "fastify";

/** What a success text may name: one value (an id, a login) or several by name. */
export type AlertParams = string | number | Readonly<Record<string, string | number>>;

/**
 * The header's form of the parameters: one value percent-encoded, as JHipster does; several as
 * `name=value&…`, each part percent-encoded. A header carries ASCII only, so a login or a title with
 * accents travels encoded, and a raw `=` marks the named form.
 */
export const encodeAlertParams = (params: AlertParams) =>
  typeof params === "object"
    ? Object.entries(params)
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
        .join("&")
    : encodeURIComponent(String(params));

/**
 * JHipster's success alert: the web app shows the text of the i18n `key` (never a sentence: the text is
 * chosen by the reader's language) with the parameters.
 */
export const alert = (reply: FastifyReply, key: string, params: AlertParams = "") =>
  reply.header("X-app-alert", key).header("X-app-params", encodeAlertParams(params));
