import type { LevelView } from "@el/domain/catalog/catalog-views";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { createLevel, getLevel, updateLevel } from "../api/levels-api";

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

const LevelFormView = ({ loaded }: { loaded?: LevelView }) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const form = useForm<LevelForm>({ resolver: zodResolver(LevelForm), defaultValues: { name: loaded?.name ?? "" } });
  const save = useMutation(async ({ name }: LevelForm) => {
    if (loaded) await updateLevel({ ...loaded, name }, loaded);
    else await createLevel(name);
    navigate(`/gerencia/niveis${search}`);
  });
  const { errors } = form.formState;

  return (
    <RecordFormCard
      title={t(loaded ? "adminCatalog.levels.edit" : "adminCatalog.levels.create")}
      recordId={loaded?.id}
      listPath="/gerencia/niveis"
      onSubmit={form.handleSubmit(save.run)}
      save={save}
    >
      <Field label={t("adminCatalog.levels.name")} error={errors.name}>
        <input {...form.register("name")} />
      </Field>
    </RecordFormCard>
  );
};
