import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { type Texts, textsByLanguage } from "./texts";

/**
 * Zero reads plural in Portuguese ("0 pagamentos", "0 eventos"), but the plural rule i18next takes from
 * the browser (CLDR's `pt`) puts 0 with 1 in "one". So every text that shows its count has a `_zero` form,
 * which i18next prefers for 0 in any language.
 */
const WEB_SRC = path.resolve(import.meta.dirname, "..");

const texts = textsByLanguage(
  Object.fromEntries(
    readdirSync(WEB_SRC, { recursive: true, encoding: "utf8" })
      .filter((file) => /[\\/]i18n[\\/](pt-br|en)\.json$/.test(file))
      .map((file) => [file, { default: JSON.parse(readFileSync(path.join(WEB_SRC, file), "utf8")) as Texts }]),
  ),
);

/** Every `…_one` text that writes its `{{count}}`, by its base key. */
const countedKeys = (node: Texts, prefix = ""): string[] =>
  Object.entries(node).flatMap(([name, value]) => {
    if (value !== null && typeof value === "object") return countedKeys(value as Texts, `${prefix}${name}.`);
    return name.endsWith("_one") && typeof value === "string" && value.includes("{{count}}")
      ? [`${prefix}${name.slice(0, -"_one".length)}`]
      : [];
  });

const portuguese = i18next.createInstance();
await portuguese.init({
  resources: { "pt-br": { translation: texts["pt-br"] as Texts } },
  lng: "pt-br",
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const keys = countedKeys(texts["pt-br"] as Texts);

describe("counts in Portuguese", () => {
  it("finds the texts that write a count, and reads them", () => {
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.filter((key) => portuguese.t(key, { count: 2 }) === key)).toEqual([]);
  });

  it("writes zero with the plural, as for two", () => {
    const singularAtZero = keys.filter(
      (key) =>
        portuguese.t(key, { count: 0, amount: "R$ 0,00", average: "5", owed: "R$ 0,00", position: 1, quantity: 1 }) !==
        portuguese
          .t(key, { count: 2, amount: "R$ 0,00", average: "5", owed: "R$ 0,00", position: 1, quantity: 1 })
          .replace("2", "0"),
    );
    expect(singularAtZero).toEqual([]);
  });

  it("reads '0 pagamentos' and '0 eventos até aqui'", () => {
    expect(portuguese.t("adminSections.payments.total", { count: 0, amount: "R$ 0,00" })).toBe("0 pagamentos, R$ 0,00");
    expect(portuguese.t("audit.stream.events", { count: 0 })).toBe("0 eventos até aqui");
  });
});
