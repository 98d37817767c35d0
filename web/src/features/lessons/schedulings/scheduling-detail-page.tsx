import { fullName } from "@el/domain/shared/full-name";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useResource } from "../../../lib/use-resource";
import { getScheduling } from "../api/pending-lessons-api";

/**
 * /gerencia/agendamento/{id}: a scheduling's detail (spec: date, objective, student id, trail id, here with
 * the names beside them), with Editar (/gerencia/aula/{id}/edit), Excluir and Voltar (to /gerencia/aula).
 */
export const SchedulingDetailPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const scheduling = useResource(() => getScheduling(id), `scheduling:${id}`);
  if (scheduling.status === "loading") return <Loading />;
  if (scheduling.status === "failed") return <ErrorAlert error={scheduling.error} />;
  const lesson = scheduling.data;
  const student = fullName(lesson.student);
  const fields: [string, string][] = [
    [t("adminCatalog.scheduling.date"), `${formatDay(lesson.startsAt)} ${formatTime(lesson.startsAt)}`],
    [
      t("adminCatalog.scheduling.objective"),
      t(`lessons.objective.${lesson.objective}`, { defaultValue: lesson.objective }),
    ],
    [t("adminCatalog.scheduling.student"), `${lesson.student.id} — ${student}`],
    [t("adminCatalog.scheduling.trail"), `${lesson.trail.id} — ${lesson.trail.number} - ${lesson.trail.title}`],
    [
      t("adminCatalog.scheduling.teacher"),
      lesson.teacher ? fullName(lesson.teacher) : t("adminCatalog.scheduling.noTeacher"),
    ],
  ];
  return (
    <section className="card narrow" aria-labelledby="scheduling-title">
      <h2 id="scheduling-title">{t("adminCatalog.scheduling.title", { id })}</h2>
      <dl>
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <Link className="btn" to="/gerencia/aula">
          {t("adminCatalog.scheduling.back")}
        </Link>
        <Link className="btn btn-primary" to={`/gerencia/aula/${id}/edit`}>
          {t("adminCatalog.scheduling.edit")}
        </Link>
        <Link className="btn btn-danger" to={`/gerencia/agendamento/${id}/delete`}>
          {t("adminCatalog.scheduling.delete")}
        </Link>
      </div>
    </section>
  );
};
