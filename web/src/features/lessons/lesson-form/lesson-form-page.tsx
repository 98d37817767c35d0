import type { LevelView, TrailView } from "@el/domain/catalog/catalog-views";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { ApiError } from "../../../lib/api";
import { activeLevels, fetchLevels, fetchTrails } from "../../../lib/catalog/catalog-api";
import { combineDateAndTime, LESSON_TIMES, nextBookableSlot } from "../../../lib/lessons/lesson-time";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import {
  changeLesson,
  createLesson,
  type EditedLesson,
  getLesson,
  getPeople,
  nameOf,
  type Person,
} from "../api/lesson-control-api";

const chosen = z.string().min(1, "adminLessons.form.required");

/** Aluno, Nível da aula, Trilha, Dia, Hora (required) and Professor (optional: the lesson then waits for one). */
const LessonForm = z.object({
  studentId: chosen,
  levelId: chosen,
  trailId: chosen,
  day: chosen,
  time: chosen,
  teacherId: z.string(),
});
type LessonForm = z.infer<typeof LessonForm>;

/** Where the server's field errors go: its `date` is the form's Dia and Hora together. */
const FIELD_OF: Record<string, keyof LessonForm> = {
  student: "studentId",
  level: "levelId",
  trail: "trailId",
  date: "day",
  teacher: "teacherId",
};

interface Choices {
  students: Person[];
  teachers: Person[];
  levels: LevelView[];
  trails: TrailView[];
  lesson?: EditedLesson;
}

/** /gerencia/aula/new ("Criar aula") and /gerencia/aula/{id}/edit; saving returns to the list with its query. */
export const LessonFormPage = () => {
  const id = useParams().id;
  const choices = useResource(async (): Promise<Choices> => {
    const [students, teachers, levels, trails, lesson] = await Promise.all([
      getPeople("student"),
      getPeople("teacher"),
      fetchLevels(),
      fetchTrails(),
      id ? getLesson(Number(id)) : Promise.resolve(undefined),
    ]);
    return { students, teachers, levels, trails, lesson };
  }, id ?? "new");
  if (choices.status === "loading") return <Loading />;
  if (choices.status === "failed") return <ErrorAlert error={choices.error} />;
  return <LessonFormView {...choices.data} />;
};

const LessonFormView = ({ students, teachers, levels, trails, lesson }: Choices) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const slot = nextBookableSlot(new Date());
  const form = useForm<LessonForm>({
    resolver: zodResolver(LessonForm),
    defaultValues: lesson
      ? {
          studentId: String(lesson.student.id),
          levelId: String(lesson.level.id),
          trailId: String(lesson.trail.id),
          day: lesson.date,
          time: lesson.time,
          teacherId: lesson.teacher ? String(lesson.teacher.id) : "",
        }
      : { studentId: "", levelId: "", trailId: "", day: slot.date, time: slot.time, teacherId: "" },
  });
  const save = useMutation(async (values: LessonForm) => {
    const date = combineDateAndTime(values.day, values.time);
    const teacher = values.teacherId === "" ? null : { id: Number(values.teacherId) };
    try {
      if (lesson) await changeLesson(lesson.id, { date, teacher });
      else
        await createLesson({
          student: { id: Number(values.studentId) },
          level: { id: Number(values.levelId) },
          trail: { id: Number(values.trailId) },
          date,
          teacher,
        });
    } catch (error) {
      if (error instanceof ApiError)
        for (const fieldError of error.fieldErrors) {
          const field = FIELD_OF[fieldError.field];
          if (field) form.setError(field, { type: "server", message: fieldError.message });
        }
      throw error;
    }
    navigate(`/gerencia/aula${search}`);
  });
  const { errors } = form.formState;
  const levelId = Number(form.watch("levelId"));
  // Only active levels are offered (the lesson's own stays, when editing one of a level closed since).
  const offeredLevels = activeLevels(levels).concat(
    lesson && !levels.some((level) => level.active && level.id === lesson.level.id)
      ? [{ id: lesson.level.id, name: lesson.level.name, active: false }]
      : [],
  );
  const offeredTrails = trails.filter((trail) => trail.level.id === levelId);
  const editing = lesson !== undefined;

  return (
    <RecordFormCard
      title={t(editing ? "adminLessons.form.edit" : "adminLessons.form.create")}
      recordId={lesson?.id}
      listPath="/gerencia/aula"
      onSubmit={form.handleSubmit(save.run)}
      save={save}
    >
      {lesson?.cancelled && <div className="alert alert-warning">{t("adminLessons.form.cancelled")}</div>}
      <Field label={t("adminLessons.form.student")} error={errors.studentId}>
        <select {...form.register("studentId")} disabled={editing}>
          <option value="">{t("adminLessons.form.choose")}</option>
          {students.map((student) => (
            <option key={student.id} value={String(student.id)}>
              {nameOf(student)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminLessons.form.level")} error={errors.levelId}>
        <select {...form.register("levelId", { onChange: () => form.setValue("trailId", "") })} disabled={editing}>
          <option value="">{t("adminLessons.form.choose")}</option>
          {offeredLevels.map((level) => (
            <option key={level.id} value={String(level.id)}>
              {level.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminLessons.form.trail")} error={errors.trailId}>
        <select {...form.register("trailId")} disabled={editing}>
          <option value="">{t("adminLessons.form.choose")}</option>
          {(editing && lesson ? [{ ...lesson.trail }] : offeredTrails).map((trail) => (
            <option key={trail.id} value={String(trail.id)}>
              {`${trail.number} - ${trail.title}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminLessons.form.day")} error={errors.day}>
        <input type="date" min={localDateOf(new Date())} {...form.register("day")} />
      </Field>
      <Field label={t("adminLessons.form.time")} error={errors.time}>
        <select {...form.register("time")}>
          {LESSON_TIMES.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminLessons.form.teacher")} error={errors.teacherId}>
        <select {...form.register("teacherId")}>
          <option value="">
            {t(lesson?.teacher ? "adminLessons.form.keepTeacher" : "adminLessons.form.noTeacher")}
          </option>
          {teachers.map((teacher) => (
            <option key={teacher.id} value={String(teacher.id)}>
              {nameOf(teacher)}
            </option>
          ))}
        </select>
      </Field>
    </RecordFormCard>
  );
};
