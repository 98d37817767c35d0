import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchLevels, fetchTrailsWithMaterials } from "../../lib/catalog/catalog-api";
import { useLevelName } from "../../lib/catalog/level-name";
import { trailLabel } from "../../lib/lessons/lesson-card";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";
import { MaterialDownloads } from "./material-downloads";
import "./trails.css";

/** The spec's display order of the groups, by level id; a level it does not name follows them, by id. */
const GROUP_ORDER = [1, 2, 3, 4, 6, 5, 9, 10, 8];
const rankOf = (id: number) => {
  const rank = GROUP_ORDER.indexOf(id);
  return rank === -1 ? GROUP_ORDER.length + id : rank;
};

/**
 * The teaching trails, grouped by (active) level in the spec's order, each group with its subtext, each opening to its content, application and techniques
 * and the active materials to download.
 */
export const TrailsByLevel = ({ initialLevelId }: { initialLevelId?: number | null }) => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const catalog = useResource(() => Promise.all([fetchLevels(), fetchTrailsWithMaterials()]), "trails-by-level");
  const [chosen, setChosen] = useState<number | null>(initialLevelId ?? null);
  if (catalog.status === "loading") return <Loading />;
  if (catalog.status === "failed") return <ErrorAlert error={catalog.error} />;
  const [levels, trails] = catalog.data;
  const offered = levels
    .filter((level) => level.active && trails.some((trail) => trail.level.id === level.id))
    .sort((a, b) => rankOf(a.id) - rankOf(b.id));
  const levelId = offered.some((level) => level.id === chosen) ? chosen : (offered[0]?.id ?? null);
  const shown = trails.filter((trail) => trail.level.id === levelId);
  if (offered.length === 0) return <p className="alert alert-warning">{t("trails.none")}</p>;
  return (
    <div className="trails">
      <div className="trails-levels" role="tablist" aria-label={t("trails.levels")}>
        {offered.map((level) => (
          <button
            key={level.id}
            type="button"
            role="tab"
            aria-selected={level.id === levelId}
            className={`btn btn-small ${level.id === levelId ? "btn-primary" : "btn-outline"}`}
            onClick={() => setChosen(level.id)}
          >
            {levelName(level.name)}
          </button>
        ))}
      </div>
      <div className="trails-list" role="tabpanel">
        {levelId !== null && t(`trails.subtexts.${levelId}`, { defaultValue: "" }) && (
          <p className="trails-subtext">{t(`trails.subtexts.${levelId}`)}</p>
        )}
        {shown.map((trail) => (
          <details key={trail.id} className="card trail">
            <summary>{trailLabel(trail)}</summary>
            {trail.content && (
              <>
                <h3>{t("trails.content")}</h3>
                <p>{trail.content}</p>
              </>
            )}
            {trail.application && (
              <>
                <h3>{t("trails.application")}</h3>
                <p>{trail.application}</p>
              </>
            )}
            {trail.techniques && (
              <>
                <h3>{t("trails.techniques")}</h3>
                <p>{trail.techniques}</p>
              </>
            )}
            <MaterialDownloads materials={trail.materials ?? []} />
          </details>
        ))}
      </div>
    </div>
  );
};
