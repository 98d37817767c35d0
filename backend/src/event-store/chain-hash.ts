import { hash } from "node:crypto";

/** The link before the first event. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * JSON with every object's keys in code-unit order and no spaces (RFC 8785's canonical form for the values
 * events hold): PostgreSQL's jsonb keeps its own key order, so the text as stored cannot be hashed as is.
 * Written with plain loops and one string: the chainer runs it on every event, in the appends' process.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index++) text += (index === 0 ? "" : ",") + canonicalJson(value[index]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  // The default sort compares UTF-16 code units, the order RFC 8785 asks for.
  const keys = Object.keys(record).sort();
  let text = "{";
  for (const key of keys) {
    const field = record[key];
    if (field === undefined) continue;
    text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(field)}`;
  }
  return `${text}}`;
};

/** What one link covers: the event as stored (data and metadata as written, never upcast). */
export interface ChainedFields {
  type: string;
  stream: string;
  version: number;
  data: unknown;
  metadata: unknown;
}

/**
 * sha256, hex, of the previous link's hash, a line feed, and the canonical JSON of
 * `{ data, metadata, stream, type, version }`: an edit to any of them, or a removed or inserted event,
 * changes this link and so every link after it.
 */
export const chainHash = (previous: string, event: ChainedFields): string =>
  // The fields in their canonical order, written out: the same text as canonicalJson of the object (which
  // leaves out a field that is undefined; a stored event has them all).
  hash(
    "sha256",
    `${previous}\n{"data":${canonicalJson(event.data)},"metadata":${canonicalJson(event.metadata)},"stream":${JSON.stringify(
      event.stream,
    )},"type":${JSON.stringify(event.type)},"version":${JSON.stringify(event.version)}}`,
    "hex",
  );
