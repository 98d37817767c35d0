import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { type Texts, textsByLanguage } from "./texts";

/**
 * Texts live beside their feature: `features/<feature>/i18n/{pt-br,en}.json`, plus the shared ones in
 * `i18n/{pt-br,en}.json`. All are merged into one namespace per language. The first page needs only the
 * shared texts (header, footer, errors), the landing page's and the upcoming pages'; the areas' texts
 * arrive with the first page that needs them (`loadAreaTexts`).
 */
const firstPageTexts = textsByLanguage(
  import.meta.glob<{ default: Texts }>(
    ["./*.json", "../features/landing/i18n/*.json", "../features/upcoming/i18n/*.json"],
    { eager: true },
  ),
);

const resources = Object.fromEntries(
  Object.entries(firstPageTexts).map(([language, translation]) => [language, { translation }]),
);

export const LANGUAGE_KEY = "locale";

i18n.use(initReactI18next).init({
  resources,
  lng: sessionStorage.getItem(LANGUAGE_KEY) ?? "pt-br",
  fallbackLng: "pt-br",
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

let areaTexts: Promise<void> | undefined;
/** Fetches the texts of the signed-in areas, sign-in and sign-up once; a failed fetch is tried again next time. */
export const loadAreaTexts = (): Promise<void> => {
  areaTexts ??= import("./area-texts").then(
    ({ areaTexts: byLanguage }) => {
      for (const [language, texts] of Object.entries(byLanguage))
        i18n.addResourceBundle(language, "translation", texts, true, true);
    },
    (error: unknown) => {
      areaTexts = undefined;
      throw error;
    },
  );
  return areaTexts;
};

/** The chosen language is kept for the session (spec section 1). */
export const changeLanguage = (language: "pt-br" | "en") => {
  sessionStorage.setItem(LANGUAGE_KEY, language);
  return i18n.changeLanguage(language);
};

export default i18n;
