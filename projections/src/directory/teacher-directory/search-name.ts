/**
 * A name as the directory's search compares it: without accents, in lower case, single-spaced ("Érica
 * Gonçalves" → "erica goncalves"). Computed in JS and stored, because PGlite has no `unaccent`; the search
 * box's text goes through the same function.
 */
export const searchableName = (...parts: readonly (string | null | undefined)[]) =>
  parts
    .filter((part): part is string => typeof part === "string")
    .join(" ")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** A text for `like` that matches itself only: `%`, `_` and `\` escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
