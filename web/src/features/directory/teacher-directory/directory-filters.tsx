import { teacherLanguages, teacherSpecialities } from "@el/domain/accounts/teacher-profile";
import type { LevelView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { useDrawerMode } from "../../../components/layout/area-sections";
import { activeLevels } from "../../../lib/catalog/catalog-api";
import { useLevelName } from "../../../lib/catalog/level-name";
import { useFilterForm } from "../../../lib/use-filter-form";
import { type DirectoryFilters, NO_FILTERS } from "./directory-query";

const MIN_RATINGS = ["3", "4", "4.5"] as const;

/**
 * Nome, Especialidade, Idioma, Nível, Avaliação mínima and "Livre esta semana": nothing changes until
 * Buscar (or Enter); Limpar empties them all and lists every teacher again. The page remounts the form
 * when the URL's filters change.
 */
export const DirectoryFilterForm = ({
  initial,
  levels,
  onSearch,
}: {
  initial: DirectoryFilters;
  levels: readonly LevelView[];
  onSearch: (filters: DirectoryFilters) => void;
}) => {
  const { t, i18n } = useTranslation();
  const levelName = useLevelName();
  const { chosen, choose, submit, clear } = useFilterForm(initial, onSearch);
  // On a phone the five choices fold under "Filtros", open when the URL already holds one of them.
  const narrow = useDrawerMode();
  const anyChosen = [
    initial.speciality,
    initial.language,
    initial.levelId,
    initial.minRating,
    initial.freeThisWeek,
  ].some(Boolean);
  const select = (name: keyof DirectoryFilters, label: string, options: { value: string; label: string }[]) => (
    <label className="form-field">
      {label}
      <select value={chosen[name]} onChange={choose(name)}>
        <option value="">{t("directory.filters.any")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form className="card directory-filters" role="search" aria-label={t("directory.filters.title")} onSubmit={submit}>
      <label className="form-field directory-filters-name">
        {t("directory.filters.name")}
        <input type="search" value={chosen.q} maxLength={100} onChange={choose("q")} />
      </label>
      <details className="directory-more-filters" open={!narrow || anyChosen}>
        <summary>{t("directory.filters.more")}</summary>
        <div className="directory-more-filters-fields">
          {select(
            "speciality",
            t("directory.filters.speciality"),
            teacherSpecialities.map((value) => ({ value, label: t(`teacherProfile.speciality.${value}`) })),
          )}
          {select(
            "language",
            t("directory.filters.language"),
            teacherLanguages.map((value) => ({ value, label: t(`teacherProfile.language.${value}`) })),
          )}
          {select(
            "levelId",
            t("directory.filters.level"),
            activeLevels(levels).map((level) => ({ value: String(level.id), label: levelName(level.name) })),
          )}
          {select(
            "minRating",
            t("directory.filters.minRating"),
            MIN_RATINGS.map((value) => ({
              value,
              label: t("directory.filters.stars", {
                stars: Number(value).toLocaleString(i18n.language === "en" ? "en-US" : "pt-BR"),
              }),
            })),
          )}
          <label className="form-check directory-filters-free">
            <input
              type="checkbox"
              checked={chosen.freeThisWeek === "true"}
              onChange={(event) => choose("freeThisWeek")({ target: { value: event.target.checked ? "true" : "" } })}
            />
            {t("directory.filters.freeThisWeek")}
          </label>
        </div>
      </details>
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          {t("directory.filters.search")}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => clear(NO_FILTERS)}>
          {t("directory.filters.clear")}
        </button>
      </div>
    </form>
  );
};
