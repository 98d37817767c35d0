import type { TrailView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { trailLabel } from "../../../lib/lessons/lesson-card";

/**
 * The trails a booking offers: those of the student's level, as the scheduling form offers them; a student
 * with no level yet (or a level without trails) chooses among all.
 */
export const trailsForLevel = (trails: readonly TrailView[], levelId: number | null | undefined) => {
  const ofLevel = trails.filter((trail) => trail.level.id === levelId);
  return ofLevel.length > 0 ? ofLevel : [...trails];
};

/** "Trilha": a select of the trails offered, with its error under it. */
export const TrailChoice = ({
  id,
  trails,
  value,
  error,
  onChange,
}: {
  id: string;
  trails: readonly TrailView[];
  value: string;
  error: string | null;
  onChange: (trailId: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="form-field">
      <label htmlFor={id}>{t("directory.booking.trail")}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t("directory.booking.chooseTrail")}</option>
        {trails.map((trail) => (
          <option key={trail.id} value={trail.id}>
            {trailLabel(trail)}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {t(error)}
        </span>
      )}
    </div>
  );
};
