import { type Texts, textsByLanguage } from "./texts";

/** The English of the texts i18n.ts bundles in Portuguese for the first page. */
export const firstPageEnglish = textsByLanguage(
  import.meta.glob<{ default: Texts }>(["./en.json", "../features/landing/i18n/en.json"], { eager: true }),
).en as Texts;
