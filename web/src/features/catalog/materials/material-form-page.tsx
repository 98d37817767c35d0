import type { LevelView, MaterialView } from "@el/domain/catalog/catalog-views";
import { MAX_MATERIAL_BYTES } from "@el/domain/catalog/material";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { activeLevels, fetchLevels } from "../../../lib/catalog/catalog-api";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { createMaterial, getMaterial, type MaterialRequest, updateMaterial } from "../api/materials-api";

const required = "adminCatalog.validate.required";

/** The server's rules (domain `MaterialFields`, 5 MB files), said before sending; a new material needs its file. */
const materialForm = (creating: boolean) =>
  z
    .object({
      levelId: z.string().min(1, required),
      className: z.string().trim().min(1, required).max(200, "adminCatalog.validate.max200"),
      classNumber: z
        .string()
        .trim()
        .min(1, required)
        .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 9999, {
          message: "adminCatalog.validate.classNumber",
        }),
      file: z.custom<FileList | undefined>(),
    })
    .superRefine((values, context) => {
      const file = values.file?.[0];
      if (!file) {
        if (creating) context.addIssue({ code: "custom", path: ["file"], message: required });
        return;
      }
      if (file.size > MAX_MATERIAL_BYTES)
        context.addIssue({ code: "custom", path: ["file"], message: "adminCatalog.validate.fileTooLarge" });
      if (file.size === 0)
        context.addIssue({ code: "custom", path: ["file"], message: "adminCatalog.validate.fileEmpty" });
    });
type MaterialForm = z.infer<ReturnType<typeof materialForm>>;

/** The file as the backend takes it: base64 without the `data:` prefix, and its content type. */
const readAsBase64 = (file: File) =>
  new Promise<{ base64: string; contentType: string }>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({
        base64: String(reader.result).replace(/^data:[^,]*,/, ""),
        contentType: file.type || "application/octet-stream",
      });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** /gerencia/materiais/new and /{id}/edit; saving returns to the list with its query string. */
export const MaterialFormPage = () => {
  const id = useParams().id;
  const loaded = useResource(
    () => Promise.all([fetchLevels(), id ? getMaterial(Number(id)) : Promise.resolve(undefined)]),
    id ?? "new",
  );
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "failed") return <ErrorAlert error={loaded.error} />;
  const [levels, material] = loaded.data;
  return <MaterialFormView levels={levels} loaded={material} />;
};

const MaterialFormView = ({ levels, loaded }: { levels: LevelView[]; loaded?: MaterialView }) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  // Only active levels are offered (spec section 3); an edited material keeps showing its own level.
  const offered = activeLevels(levels).concat(
    levels.filter((level) => level.id === loaded?.level.id && level.active === false),
  );
  const form = useForm<MaterialForm>({
    resolver: zodResolver(materialForm(!loaded)),
    defaultValues: {
      levelId: loaded ? String(loaded.level.id) : "",
      className: loaded?.className ?? "",
      classNumber: loaded ? String(loaded.classNumber) : "",
    },
  });
  const save = useMutation(async (values: MaterialForm) => {
    const picked = values.file?.[0];
    const file = picked ? await readAsBase64(picked) : undefined;
    const body: MaterialRequest = {
      level: { id: Number(values.levelId) },
      className: values.className.trim(),
      classNumber: Number(values.classNumber),
      active: loaded?.active ?? true,
      ...(file ? { file: file.base64, fileContentType: file.contentType } : {}),
    };
    if (loaded) await updateMaterial(loaded.id, body, loaded);
    else await createMaterial(body);
    navigate(`/gerencia/materiais${search}`);
  });
  const { errors } = form.formState;

  return (
    <RecordFormCard
      title={t(loaded ? "adminCatalog.materials.edit" : "adminCatalog.materials.create")}
      recordId={loaded?.id}
      listPath="/gerencia/materiais"
      onSubmit={form.handleSubmit(save.run)}
      save={save}
    >
      <Field label={t("adminCatalog.materials.level")} error={errors.levelId}>
        <select {...form.register("levelId")}>
          <option value="">{t("adminCatalog.materials.chooseLevel")}</option>
          {offered.map((level) => (
            <option key={level.id} value={level.id}>
              {level.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminCatalog.materials.className")} error={errors.className}>
        <input {...form.register("className")} />
      </Field>
      <Field label={t("adminCatalog.materials.classNumber")} error={errors.classNumber}>
        <input inputMode="numeric" {...form.register("classNumber")} />
      </Field>
      <Field label={t("adminCatalog.materials.file")} error={errors.file}>
        <input type="file" {...form.register("file")} />
      </Field>
      {loaded && <p className="form-hint">{t("adminCatalog.materials.keepFile", { type: loaded.fileContentType })}</p>}
    </RecordFormCard>
  );
};
