import type { TrailView } from "@el/domain/catalog/catalog-views";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { Field } from "../../../components/form/field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import type { FieldError } from "../../../lib/api";
import { ApiError } from "../../../lib/api";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getLevels, getTrail, saveTrail } from "../api/trails-api";

interface Values {
  number: string;
  title: string;
  content: string;
  application: string;
  techniques: string;
  levelId: string;
}

const valuesOf = (trail: TrailView | null, firstLevel: string): Values => ({
  number: trail ? String(trail.number) : "",
  title: trail?.title ?? "",
  content: trail?.content ?? "",
  application: trail?.application ?? "",
  techniques: trail?.techniques ?? "",
  // The admin form's default level is BASIC (spec section 3): the first level.
  levelId: trail ? String(trail.level.id) : firstLevel,
});

/** What the browser can tell before asking: a title, a level and a whole number from 1. */
const check = (values: Values): Partial<Record<keyof Values, string>> => {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.title.trim()) errors.title = "adminSections.trails.required";
  if (!values.levelId) errors.levelId = "adminSections.trails.required";
  if (!/^\d+$/.test(values.number) || Number(values.number) < 1) errors.number = "adminSections.trails.numberMin";
  return errors;
};

/** /gerencia/trilha/new and /gerencia/trilha/{id}/edit: number, title, level (active ones), content, application, techniques. */
export const TrailFormPage = () => {
  const id = useParams().id;
  const loaded = useResource(
    () => Promise.all([getLevels(), id === undefined ? Promise.resolve(null) : getTrail(Number(id))]),
    id ?? "new",
  );
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "failed") return <ErrorAlert error={loaded.error} />;
  const [levels, trail] = loaded.data;
  const offered = levels.filter((level) => level.active || level.id === trail?.level.id);
  return (
    <TrailForm
      id={id === undefined ? undefined : Number(id)}
      levels={offered}
      initial={valuesOf(trail, String(offered[0]?.id ?? ""))}
    />
  );
};

const TrailForm = ({
  id,
  levels,
  initial,
}: {
  id: number | undefined;
  levels: { id: number; name: string }[];
  initial: Values;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useMutation(async (chosen: Values) => {
    try {
      await saveTrail(id, {
        number: Number(chosen.number),
        title: chosen.title.trim(),
        content: chosen.content,
        application: chosen.application,
        techniques: chosen.techniques,
        level: { id: Number(chosen.levelId) },
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0)
        setErrors(
          Object.fromEntries(
            error.fieldErrors.map((field: FieldError) => [
              field.field === "level" ? "levelId" : field.field,
              field.message,
            ]),
          ),
        );
      throw error;
    }
    navigate(`/gerencia/trilha${search}`);
  });
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length === 0) void save.run(values);
  };
  const error = (name: keyof Values) => (errors[name] ? { message: errors[name] } : undefined);
  return (
    <RecordFormCard
      title={t(id === undefined ? "adminSections.trails.newTitle" : "adminSections.trails.editTitle")}
      recordId={id}
      listPath="/gerencia/trilha"
      onSubmit={submit}
      save={save}
    >
      <Field label={t("adminSections.trails.level")} error={error("levelId")}>
        <select value={values.levelId} onChange={set("levelId")}>
          {levels.map((level) => (
            <option key={level.id} value={level.id}>
              {level.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminSections.trails.number")} error={error("number")}>
        <input type="number" min={1} value={values.number} onChange={set("number")} />
      </Field>
      <Field label={t("adminSections.trails.trailTitle")} error={error("title")}>
        <input value={values.title} onChange={set("title")} maxLength={200} />
      </Field>
      <Field label={t("adminSections.trails.content")}>
        <textarea value={values.content} onChange={set("content")} rows={4} />
      </Field>
      <Field label={t("adminSections.trails.application")}>
        <textarea value={values.application} onChange={set("application")} rows={4} />
      </Field>
      <Field label={t("adminSections.trails.techniques")}>
        <textarea value={values.techniques} onChange={set("techniques")} rows={4} />
      </Field>
    </RecordFormCard>
  );
};
