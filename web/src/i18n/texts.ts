export type Texts = Record<string, unknown>;

const deepMerge = (target: Texts, source: Texts) => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && existing && typeof existing === "object") {
      deepMerge(existing as Texts, value as Texts);
    } else {
      target[key] = value;
    }
  }
  return target;
};

/** Text files (`…/pt-br.json`, `…/en.json`) merged into one tree per language. */
export const textsByLanguage = (modules: Record<string, { default: Texts }>) => {
  const byLanguage: Record<string, Texts> = { "pt-br": {}, en: {} };
  for (const [path, module] of Object.entries(modules)) {
    const language = path.match(/(pt-br|en)\.json$/)?.[1];
    if (language) deepMerge(byLanguage[language] as Texts, module.default);
  }
  return byLanguage;
};
