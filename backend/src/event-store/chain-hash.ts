import { hash } from "node:crypto";

/** The link before the first event. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * An event's content as its digest covers it: its type, its data and its metadata as PostgreSQL writes stored
 * jsonb out (`data::text`: keys by length then bytes, `", "` and `": "`), a line feed between each. PostgreSQL
 * computes the digest itself as it stores the event (migrations/event-store.ts), without a round trip or a byte of JSON out, and
 * again from the stored event when the chain is verified; an export carries this text for outside checks.
 */
export const CONTENT_SQL = (e: string) => `${e}.type || E'\\n' || ${e}.data::text || E'\\n' || ${e}.metadata::text`;

/** sha256 of an event's content (CONTENT_SQL), as SQL: what the `digest` column holds. */
export const DIGEST_SQL = (e: string) => `sha256(convert_to(${CONTENT_SQL(e)}, 'UTF8'))`;

/** An event's digest from its content text (CONTENT_SQL's): sha256, hex. */
export const contentDigest = (content: string): string => hash("sha256", content, "hex");

/** What one link covers: where the event stands in its stream, and its digest. */
export interface LinkedFields {
  stream: string;
  version: number;
  digest: string;
}

/**
 * sha256, hex, of the previous link's hash, a line feed, and the JSON `{"digest":…,"stream":…,"version":…}` (keys in
 * that order, no spaces):
 * an edit to any field of the event, or a removed or inserted event, changes this link and every link after it.
 */
export const chainHash = (previous: string, link: LinkedFields): string =>
  hash(
    "sha256",
    `${previous}\n{"digest":${JSON.stringify(link.digest)},"stream":${JSON.stringify(link.stream)},"version":${JSON.stringify(link.version)}}`,
    "hex",
  );
