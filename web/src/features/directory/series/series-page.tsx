import type { LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { fullName } from "@el/domain/shared/full-name";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useLivePush } from "../../../lib/socket";
import { formatSlotWeekday, weekdayContextOf } from "../../../lib/teachers/free-slots";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { cancelSeries } from "../api/cancel-series";
import { getSeries } from "../api/get-series";
import "../directory.css";

const cancellable = (series: LessonSeriesView) => series.status === "ACTIVE" || series.status === "PAUSED";

/**
 * /student/aulas-semanais: the student's weekly series, each with its status and occurrences, kept live
 * by `series:changed`; an active or paused one may be cancelled after a confirmation.
 */
export const SeriesPage = () => {
  const { t } = useTranslation();
  const series = useResource(getSeries, "lesson-series");
  const [cancelling, setCancelling] = useState<LessonSeriesView | null>(null);
  useLivePush("series:changed", series.reload);
  return (
    <section className="directory-page" aria-labelledby="series-title">
      <h2 id="series-title">{t("directory.series.title")}</h2>
      {series.status === "loading" && <Loading />}
      {series.status === "failed" && <ErrorAlert error={series.error} />}
      {series.status === "ready" &&
        (series.data.length === 0 ? (
          <p className="card">
            {t("directory.series.none")} <Link to="/professores">{t("directory.favorites.find")}</Link>
          </p>
        ) : (
          <ul className="directory-series-list">
            {series.data.map((one) => (
              <li key={one.id}>
                <SeriesCard series={one} onCancel={() => setCancelling(one)} />
              </li>
            ))}
          </ul>
        ))}
      {cancelling && (
        <CancelSeriesModal
          series={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            series.reload();
          }}
        />
      )}
    </section>
  );
};

const useSeriesTitle = () => {
  const { t, i18n } = useTranslation();
  return (series: LessonSeriesView) =>
    t("directory.series.every", {
      weekday: formatSlotWeekday(series.start, i18n.language),
      time: formatTime(series.start),
      name: fullName(series.teacher),
      context: weekdayContextOf(series.start),
    });
};

const SeriesCard = ({ series, onCancel }: { series: LessonSeriesView; onCancel: () => void }) => {
  const { t } = useTranslation();
  const title = useSeriesTitle()(series);
  return (
    <article className="card" aria-label={title}>
      <h3>{title}</h3>
      <p>
        <span className={`directory-badge directory-series-${series.status}`}>
          {t(`directory.series.status.${series.status}`)}
        </span>{" "}
        {t("directory.series.weeks", { count: series.weeks })} · {trailLabel(series.trail)}
      </p>
      {series.status === "PAUSED" && (
        <p className="alert alert-warning">
          {t("directory.series.pausedNoCredits")} <Link to="/student/contratar-aulas">{t("directory.series.buy")}</Link>
        </p>
      )}
      <ul className="directory-occurrences" aria-label={t("directory.series.occurrences")}>
        {series.occurrences.map((occurrence) => (
          <li key={occurrence.date}>
            {formatDay(occurrence.date)} {formatTime(occurrence.date)} ·{" "}
            {t(`directory.series.occurrence.${occurrence.status}`)}
          </li>
        ))}
      </ul>
      {cancellable(series) && (
        <button type="button" className="btn btn-small btn-outline" onClick={onCancel}>
          {t("directory.series.cancel")}
        </button>
      )}
    </article>
  );
};

const CancelSeriesModal = ({
  series,
  onClose,
  onCancelled,
}: {
  series: LessonSeriesView;
  onClose: () => void;
  onCancelled: () => void;
}) => {
  const { t } = useTranslation();
  const title = useSeriesTitle()(series);
  const cancel = useMutation(async () => {
    await cancelSeries(series.id);
    onCancelled();
  });
  return (
    <Modal
      title={t("directory.series.confirmTitle")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("directory.series.keep")}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={cancel.status === "running"}
            onClick={() => void cancel.run(undefined)}
          >
            {t("directory.series.confirmCancel")}
          </button>
        </>
      }
    >
      <p>{t("directory.series.confirmText", { title })}</p>
      {cancel.status === "error" && <ErrorAlert error={cancel.error} />}
    </Modal>
  );
};
