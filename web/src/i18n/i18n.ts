import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { type Texts, textsByLanguage } from "./texts";

/**
 * Texts live beside their feature: `features/<feature>/i18n/{pt-br,en}.json`, plus the shared ones in
 * `i18n/{pt-br,en}.json`. All are merged into one namespace per language. The first download holds only
 * what the first page shows in the default language: the shared texts (header, footer, errors), the
 * landing page's. Their English arrives when English is chosen
 * (`first-page-english.ts`), the areas' texts in both languages with the first page that needs them
 * (`area-texts.ts`).
 */
const firstPageTexts = textsByLanguage(
  import.meta.glob<{ default: Texts }>(["./pt-br.json", "../features/landing/i18n/pt-br.json"], { eager: true }),
);

export const LANGUAGE_KEY = "locale";
const storedLanguage = sessionStorage.getItem(LANGUAGE_KEY) ?? "pt-br";

/** The page's `lang` follows the texts, so screen readers speak them in their language and the browser translates sensibly. */
const htmlLangOf = (language: string) => (language === "en" ? "en" : "pt-BR");
i18n.on("languageChanged", (language) => {
  document.documentElement.lang = htmlLangOf(language);
});

i18n.use(initReactI18next).init({
  resources: { "pt-br": { translation: firstPageTexts["pt-br"] as Texts } },
  lng: storedLanguage,
  fallbackLng: "pt-br",
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const addTexts = (byLanguage: Record<string, Texts>) => {
  for (const [language, texts] of Object.entries(byLanguage))
    i18n.addResourceBundle(language, "translation", texts, true, true);
};

/** Fetches a chunk of texts once; a failed fetch is tried again next time. */
const once = (load: () => Promise<Record<string, Texts>>) => {
  let loading: Promise<void> | undefined;
  return (): Promise<void> => {
    loading ??= load().then(addTexts, (error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};

/** The texts of the signed-in areas, sign-in and sign-up, in both languages. */
export const loadAreaTexts = once(() => import("./area-texts").then((module) => module.areaTexts));

/** The first page's texts in English. */
export const loadFirstPageEnglish = once(() =>
  import("./first-page-english").then((module) => ({ en: module.firstPageEnglish })),
);

/** Settled once the stored language's texts are there: the app renders after it, so never in the wrong language. */
export const textsReady: Promise<void> = storedLanguage === "en" ? loadFirstPageEnglish() : Promise.resolve();

/** The language the person reads the interface in, as the server keeps it (`langKey`): their e-mails follow it. */
export const interfaceLanguage = (): "pt-br" | "en" => (i18n.language === "en" ? "en" : "pt-br");

/** The chosen language is kept for the session (spec section 1). */
export const changeLanguage = async (language: "pt-br" | "en") => {
  sessionStorage.setItem(LANGUAGE_KEY, language);
  if (language === "en") await loadFirstPageEnglish();
  return i18n.changeLanguage(language);
};

export default i18n;
