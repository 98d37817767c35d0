import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Texts, textsByLanguage } from "./texts";

/**
 * Every key the code can ask for has a text in both languages, and both languages hold the same keys.
 * The keys are read from the sources as a reviewer would: `t("…")`, `i18nKey="…"`, and every other
 * string literal shaped like a key whose first part names a group of texts (the key constants), plus
 * what the backend answers in `X-app-alert` and the domain's error keys. A key built at run time
 * (`t(\`lessons.status.${state}\`)`) is checked up to its fixed part, and its variants by the equal sets.
 */
const WEB_SRC = path.resolve(import.meta.dirname, "..");
const REPO = path.resolve(WEB_SRC, "../..");
const LANGUAGES = ["pt-br", "en"] as const;

const filesUnder = (directory: string, accept: (file: string) => boolean): string[] =>
  readdirSync(directory, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(directory, file))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`) && accept(file));

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(spec|int\.spec|e2e\.spec)\.tsx?$/.test(file);

const readTexts = (): Record<string, Texts> => {
  const files = filesUnder(WEB_SRC, (file) => /[\\/]i18n[\\/](pt-br|en)\.json$/.test(file));
  return textsByLanguage(
    Object.fromEntries(files.map((file) => [file, { default: JSON.parse(readFileSync(file, "utf8")) as Texts }])),
  );
};

const PLURAL_SUFFIXES = ["_zero", "_one", "_two", "_few", "_many", "_other"];

/** Every text's full key, with a plural's forms under their base key (`stars` for `stars_one`, `stars_other`). */
const leafKeys = (texts: Texts, prefix = ""): string[] =>
  Object.entries(texts).flatMap(([name, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? leafKeys(value as Texts, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );

const lookUp = (texts: Texts, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);

/** What `t(key)` finds: a text, a plural's forms, or (for `returnObjects` and fixed prefixes) a group. */
const resolves = (texts: Texts, key: string, group: boolean) => {
  const found = lookUp(texts, key);
  if (typeof found === "string") return true;
  if (group && found !== null && typeof found === "object") return true;
  return PLURAL_SUFFIXES.some((suffix) => typeof lookUp(texts, `${key}${suffix}`) === "string");
};

interface UsedKey {
  key: string;
  file: string;
  /** May name a group: the fixed part of a key built at run time, `returnObjects`, a constant the code completes. */
  group: boolean;
}

/** Keys written in the web app's sources. */
export const keysInSource = (source: string, file: string, groups: ReadonlySet<string>): UsedKey[] => {
  const used: UsedKey[] = [];
  const add = (key: string, group = false) => used.push({ key, file, group });
  for (const match of source.matchAll(/\bt\(\s*`([^`]*)`/g)) {
    const template = match[1] as string;
    const fixed = template.split("${")[0] as string;
    if (fixed === template) add(template);
    else if (fixed.includes(".")) add(fixed.slice(0, fixed.lastIndexOf(".")), true);
  }
  for (const match of source.matchAll(/\bt\(\s*(["'])([^"']+)\1\s*(,[^)]*returnObjects)?/g))
    add(match[2] as string, match[3] !== undefined);
  for (const match of source.matchAll(/i18nKey=\{?(["'])([^"']+)\1/g)) add(match[2] as string);
  // Key constants: any other literal shaped like a key and starting with a group's name, except a
  // machine's event types (`noun.verb`, as STYLE.md names them): `type: "…"`, `case "…":`, `"…": {`.
  for (const match of source.matchAll(/(type\s*(?::|===)\s*|case\s+)?(["'])([A-Za-z][\w-]*(?:\.[\w-]+)+)\2(\s*:)?/g)) {
    if (match[1] !== undefined || match[4] !== undefined) continue;
    const literal = match[3] as string;
    if (groups.has(literal.split(".")[0] as string) && !used.some((entry) => entry.key === literal)) add(literal, true);
  }
  return used;
};

/**
 * Keys the backend and the domain send for the web to translate (`X-app-alert`, `X-app-error`, a body's
 * `message`): every key-shaped literal there that starts with a group's name or sits in a `…Errors` or
 * `…Alerts` catalogue, and whatever is passed to `alert(reply, …)` as a literal, key-shaped or not (a
 * sentence there is a text that cannot be translated).
 */
const keysTheServerSends = (groups: ReadonlySet<string>): UsedKey[] =>
  ["backend/src", "domain/src"].flatMap((directory) =>
    filesUnder(path.join(REPO, directory), isSource).flatMap((file) => {
      const source = readFileSync(file, "utf8");
      const relative = path.relative(REPO, file);
      const alerts = [...source.matchAll(/\balert\(\s*[^,]+,\s*(["'])([^"']+)\1/g)].map((match) => match[2] as string);
      // A catalogue of keys (`socialErrors = { … }`) is read whole: its group may have no text at all yet.
      const catalogues = [...source.matchAll(/\w+(?:Errors|Alerts)\s*=\s*\{([^}]*)\}/g)].flatMap((match) =>
        [...(match[1] as string).matchAll(/(["'])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)].map((key) => key[2] as string),
      );
      const constants = [...source.matchAll(/(["'])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)]
        .map((match) => match[2] as string)
        .filter((literal) => groups.has(literal.split(".")[0] as string));
      return [...new Set([...alerts, ...catalogues, ...constants])].map((key) => ({
        key,
        file: relative,
        group: false,
      }));
    }),
  );

const texts = readTexts();
const groups = new Set(LANGUAGES.flatMap((language) => Object.keys(texts[language] as Texts)));
const webKeys = filesUnder(WEB_SRC, isSource).flatMap((file) =>
  keysInSource(readFileSync(file, "utf8"), path.relative(REPO, file), groups),
);
const serverKeys = keysTheServerSends(groups);

const missingIn = (language: (typeof LANGUAGES)[number], used: UsedKey[]) =>
  [
    ...new Set(
      used
        .filter((entry) => !resolves(texts[language] as Texts, entry.key, entry.group))
        .map((entry) => `${entry.key} (${entry.file})`),
    ),
  ].sort();

describe("i18n keys", () => {
  it("finds the keys the code uses", () => {
    // A walk that found nothing would pass every check below.
    expect(webKeys.length).toBeGreaterThan(500);
    expect(serverKeys.length).toBeGreaterThan(20);
  });

  it.each(LANGUAGES)("every key the web app uses has a %s text", (language) => {
    expect(missingIn(language, webKeys)).toEqual([]);
  });

  it.each(LANGUAGES)("every key the server sends has a %s text", (language) => {
    expect(missingIn(language, serverKeys)).toEqual([]);
  });

  it("Portuguese and English hold the same keys", () => {
    const [portuguese, english] = LANGUAGES.map((language) => new Set(leafKeys(texts[language] as Texts)));
    expect({
      onlyInPortuguese: [...(portuguese as Set<string>)].filter((key) => !english?.has(key)),
      onlyInEnglish: [...(english as Set<string>)].filter((key) => !portuguese?.has(key)),
    }).toEqual({ onlyInPortuguese: [], onlyInEnglish: [] });
  });
});

describe("the key walk", () => {
  const known = new Set(["student", "lessons"]);
  it("reads calls, Trans keys, key constants and the fixed part of built keys", () => {
    const source = [
      `t("student.menu.home")`,
      `<Trans i18nKey="student.summary.buy" />`,
      `const labelKey = "lessons.actions.cancel";`,
      `t(\`lessons.status.\${state}\`)`,
      `t("student.feedback", { returnObjects: true })`,
      `import x from "./not.a.key";`,
      `actor.send({ type: "student.saved" }); on: { "student.removed": {} }`,
    ].join("\n");
    expect(keysInSource(source, "file.tsx", known).map(({ key, group }) => ({ key, group }))).toEqual([
      { key: "lessons.status", group: true },
      { key: "student.menu.home", group: false },
      { key: "student.feedback", group: true },
      { key: "student.summary.buy", group: false },
      { key: "lessons.actions.cancel", group: true },
    ]);
  });

  it("fails on a key that has no text", () => {
    const used = keysInSource(`t("student.menu.nowhere")`, "file.tsx", groups);
    expect(missingIn("pt-br", used)).toEqual(["student.menu.nowhere (file.tsx)"]);
    expect(missingIn("en", used)).toEqual(["student.menu.nowhere (file.tsx)"]);
  });
});
