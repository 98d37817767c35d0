import type { LevelView } from "@el/domain/catalog/catalog-views";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useLevelName } from "../../../lib/catalog/level-name";
import type { Resource } from "../../../lib/use-resource";

/**
 * "Níveis que ensino": a check box per active level, and per level the teacher chose before it was
 * deactivated, so saving never drops it unseen. Students filter the directory by these.
 */
export const TeacherLevelsField = ({
  levels,
  chosen,
  register,
}: {
  levels: Resource<LevelView[]>;
  /** The levels saved before. */
  chosen: readonly number[];
  register: UseFormRegisterReturn;
}) => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const offered =
    levels.status === "ready" ? levels.data.filter((level) => level.active || chosen.includes(level.id)) : [];
  return (
    <fieldset className="teacher-profile-choices">
      <legend>{t("teacherProfile.levels")}</legend>
      {levels.status === "loading" && <Loading />}
      {levels.status === "failed" && <ErrorAlert error={levels.error} />}
      {levels.status === "ready" && offered.length === 0 && <p>{t("teacherProfile.noLevels")}</p>}
      {offered.map((level) => (
        <label key={level.id} className="form-check">
          <input type="checkbox" value={String(level.id)} {...register} />
          {levelName(level.name)}
        </label>
      ))}
    </fieldset>
  );
};
