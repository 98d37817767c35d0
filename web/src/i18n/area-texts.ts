import { type Texts, textsByLanguage } from "./texts";

/** The texts i18n.ts leaves out of the first page, in one chunk. */
export const areaTexts = textsByLanguage(
  import.meta.glob<{ default: Texts }>(["../features/*/i18n/*.json", "!../features/landing/i18n/*.json"], {
    eager: true,
  }),
);
