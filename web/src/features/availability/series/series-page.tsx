import type { LessonSeriesStatus, LessonSeriesView } from "@el/domain/directory/directory-contracts";
import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import { fullName } from "@el/domain/shared/full-name";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { ListTable } from "../../../components/list/list-table";
import { Modal } from "../../../components/modal/modal";
import { ErrorAlert } from "../../../components/status/error-alert";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { endLessonSeries } from "../api/end-lesson-series";
import { fetchLessonSeries, seriesStatuses } from "../api/get-lesson-series";

const isStatus = (value: string | null): value is LessonSeriesStatus =>
  seriesStatuses.some((status) => status === value);

/** A series that still makes lessons, which the back office may end. */
const canEnd = (series: LessonSeriesView) => series.status === "ACTIVE" || series.status === "PAUSED";

/**
 * /gerencia/series: the students' weekly series with their teacher, trail, weekday and time, how many of
 * their lessons are booked and their status (filtered by it, kept in the URL), and "Encerrar" after a
 * confirmation.
 */
export const SeriesPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = params.get("status");
  const status = isStatus(chosen) ? chosen : undefined;
  const list = useResource(() => fetchLessonSeries(status), status ?? "all");
  const [ending, setEnding] = useState<LessonSeriesView | null>(null);

  return (
    <section>
      <h2>{t("availability.series.title")}</h2>
      <div className="form-field" style={{ maxWidth: 280 }}>
        <label htmlFor="series-status">{t("availability.series.status")}</label>
        <select
          id="series-status"
          value={status ?? ""}
          onChange={(event) => setParams(event.target.value ? { status: event.target.value } : {})}
        >
          <option value="">{t("availability.series.all")}</option>
          {seriesStatuses.map((option) => (
            <option key={option} value={option}>
              {t(`availability.series.statuses.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <ListTable
        list={list}
        empty={t("availability.series.none")}
        columns={
          <>
            <th>{t("availability.series.student")}</th>
            <th>{t("availability.series.teacher")}</th>
            <th>{t("availability.series.trail")}</th>
            <th>{t("availability.series.schedule")}</th>
            <th>{t("availability.series.progress")}</th>
            <th>{t("availability.series.status")}</th>
            <th>{t("availability.series.actions")}</th>
          </>
        }
        row={(series) => <SeriesRow key={series.id} series={series} onEnd={() => setEnding(series)} />}
      />
      {ending && (
        <EndSeriesDialog
          series={ending}
          onClose={() => setEnding(null)}
          onEnded={() => {
            setEnding(null);
            list.reload();
          }}
        />
      )}
    </section>
  );
};

const useWeekly = () => {
  const { t } = useTranslation();
  return (series: LessonSeriesView) => ({
    day: t(`availability.weekdays.${wallClockOf(series.start).weekday}`),
    time: formatTime(series.start),
    date: formatDay(series.start),
  });
};

const SeriesRow = ({ series, onEnd }: { series: LessonSeriesView; onEnd: () => void }) => {
  const { t } = useTranslation();
  const weekly = useWeekly()(series);
  const student = fullName(series.student);
  const teacher = fullName(series.teacher);
  const booked = series.occurrences.filter((occurrence) => occurrence.status === "BOOKED").length;
  return (
    <tr data-series-id={series.id}>
      <td>{student}</td>
      <td>{teacher}</td>
      <td>{trailLabel(series.trail)}</td>
      <td>{t("availability.series.weekly", weekly)}</td>
      <td>{t("availability.series.progressValue", { booked, weeks: series.weeks })}</td>
      <td>
        {t(`availability.series.statuses.${series.status}`)}
        {series.pausedReason === "NO_CREDITS" && ` (${t("availability.series.noCredits")})`}
      </td>
      <td>
        {canEnd(series) && (
          <button
            type="button"
            className="btn btn-danger btn-small"
            aria-label={t("availability.series.endOf", { student, teacher })}
            onClick={onEnd}
          >
            {t("availability.series.end")}
          </button>
        )}
      </td>
    </tr>
  );
};

const EndSeriesDialog = ({
  series,
  onClose,
  onEnded,
}: {
  series: LessonSeriesView;
  onClose: () => void;
  onEnded: () => void;
}) => {
  const { t } = useTranslation();
  const weekly = useWeekly()(series);
  const end = useMutation(async () => {
    await endLessonSeries(series.id);
    onEnded();
  });
  return (
    <Modal
      title={t("availability.series.endTitle")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("availability.series.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={end.status === "running"}
            onClick={() => void end.run(undefined)}
          >
            {t("availability.series.endConfirm")}
          </button>
        </>
      }
    >
      <p>
        {t("availability.series.endQuestion", {
          student: fullName(series.student),
          teacher: fullName(series.teacher),
          ...weekly,
        })}
      </p>
      <p>{t("availability.series.endExplain")}</p>
      {end.status === "error" && <ErrorAlert error={end.error} />}
    </Modal>
  );
};
