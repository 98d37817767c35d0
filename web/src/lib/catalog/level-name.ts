import { useTranslation } from "react-i18next";

/**
 * A level's name in the reader's language. The seeded levels carry the spec's Portuguese names
 * ("Intermediário", "Aula Experimental"), which have English texts under `levelNames`; a level an
 * administrator named otherwise is shown as named. A name holding i18next's separators is never a key.
 */
export const useLevelName = () => {
  const { t } = useTranslation();
  return (name: string) => (/[.:]/.test(name) ? name : t(`levelNames.${name}`, { defaultValue: name }));
};
