import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { type AdminLevel, createLevel, getLevel, updateLevel } from "../api/levels-api";

/** The server refuses an empty name or one over 100 characters; the form says so before sending. */
const LevelForm = z.object({
  name: z.string().trim().min(1, "adminCatalog.validate.required").max(100, "adminCatalog.validate.max100"),
});
type LevelForm = z.infer<typeof LevelForm>;

/** /gerencia/niveis/new and /{id}/edit; saving returns to the list with its query string. */
export const LevelFormPage = () => {
  const id = useParams().id;
  const existing = useResource(() => (id ? getLevel(Number(id)) : Promise.resolve(undefined)), id ?? "new");
  if (existing.status === "loading") return <Loading />;
  if (existing.status === "failed") return <ErrorAlert error={existing.error} />;
  return <LevelFormView loaded={existing.data} />;
};

const LevelFormView = ({ loaded }: { loaded?: AdminLevel }) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const form = useForm<LevelForm>({ resolver: zodResolver(LevelForm), defaultValues: { name: loaded?.name ?? "" } });
  const save = useMutation(async ({ name }: LevelForm) => {
    if (loaded) await updateLevel({ ...loaded, name });
    else await createLevel(name);
    navigate(`/gerencia/niveis${search}`);
  });
  const { errors } = form.formState;

  return (
    <section className="card narrow">
      <h2>{t(loaded ? "adminCatalog.levels.edit" : "adminCatalog.levels.create")}</h2>
      <form noValidate onSubmit={form.handleSubmit(save.run)}>
        {save.status === "error" && <ErrorAlert error={save.error} />}
        {loaded && (
          <Field label="ID">
            <input value={loaded.id} readOnly />
          </Field>
        )}
        <Field label={t("adminCatalog.levels.name")} error={errors.name}>
          <input {...form.register("name")} />
        </Field>
        <div className="actions">
          <Link to={`/gerencia/niveis${search}`} className="btn btn-outline">
            {t("gerencia.actions.back")}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.status === "running"}>
            {t("gerencia.actions.save")}
          </button>
        </div>
      </form>
    </section>
  );
};
