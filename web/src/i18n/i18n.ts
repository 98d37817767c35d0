import i18n from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * Texts live beside their feature: `features/<feature>/i18n/{pt-br,en}.json`, plus the shared ones in
 * `i18n/{pt-br,en}.json`. All are merged into one namespace per language.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>(["./*.json", "../features/*/i18n/*.json"], {
  eager: true,
});

const deepMerge = (target: Record<string, unknown>, source: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && existing && typeof existing === "object") {
      deepMerge(existing as Record<string, unknown>, value as Record<string, unknown>);
    } else {
      target[key] = value;
    }
  }
  return target;
};

const resources: Record<string, { translation: Record<string, unknown> }> = {
  "pt-br": { translation: {} },
  en: { translation: {} },
};
for (const [path, module] of Object.entries(modules)) {
  const language = path.match(/(pt-br|en)\.json$/)?.[1];
  if (language)
    deepMerge((resources[language] as { translation: Record<string, unknown> }).translation, module.default);
}

export const LANGUAGE_KEY = "locale";

i18n.use(initReactI18next).init({
  resources,
  lng: sessionStorage.getItem(LANGUAGE_KEY) ?? "pt-br",
  fallbackLng: "pt-br",
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

/** The chosen language is kept for the session (spec section 1). */
export const changeLanguage = (language: "pt-br" | "en") => {
  sessionStorage.setItem(LANGUAGE_KEY, language);
  return i18n.changeLanguage(language);
};

export default i18n;
