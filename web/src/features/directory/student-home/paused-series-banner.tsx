import { fullName } from "@el/domain/shared/full-name";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { getSeries } from "../api/get-series";

/**
 * A warning on the student's home while a weekly series is paused for want of credits, with "Contratar
 * aulas"; it appears and goes live as `series:changed` arrives, and says nothing if the series cannot be read.
 */
export const PausedSeriesBanner = () => {
  const { t } = useTranslation();
  const series = useResource(getSeries, "lesson-series");
  useLivePush("series:changed", series.reload);
  if (series.status !== "ready") return null;
  const paused = series.data.filter((one) => one.status === "PAUSED");
  if (paused.length === 0) return null;
  return (
    <div className="alert alert-warning directory-paused" role="status">
      <p>
        {t("directory.series.pausedBanner", {
          count: paused.length,
          names: [...new Set(paused.map((one) => fullName(one.teacher)))].join(", "),
        })}
      </p>
      <Link to="/student/contratar-aulas" className="btn btn-primary btn-small">
        {t("directory.series.buy")}
      </Link>{" "}
      <Link to="/student/aulas-semanais" className="btn btn-outline btn-small">
        {t("directory.series.seeAll")}
      </Link>
    </div>
  );
};
