import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
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
import { getItemPackage } from "../api/get-item-package";
import { createItemPackage, updateItemPackage } from "../api/save-item-package";

const required = "adminPurchasing.validate.required";
/** A price as typed in Brazil ('180,50') or with a dot. */
const reaisOf = (text: string) => Number(text.trim().replace(",", "."));

/** The server's rules for a pack, said before sending: 1 to 1000 lessons, a price above zero up to R$ 1.000.000. */
const ItemPackageForm = z.object({
  amount: z
    .string()
    .trim()
    .min(1, required)
    .refine((text) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 1000, {
      message: "adminPurchasing.validate.amountMin",
    }),
  value: z
    .string()
    .trim()
    .min(1, required)
    .refine((text) => reaisOf(text) > 0 && reaisOf(text) <= 1_000_000, {
      message: "adminPurchasing.validate.valueMin",
    }),
});
type ItemPackageForm = z.infer<typeof ItemPackageForm>;

/** /gerencia/pacote/new and /{id}/edit; saving returns to the list with its query string. */
export const ItemPackageFormPage = () => {
  const id = useParams().id;
  const existing = useResource(() => (id ? getItemPackage(Number(id)) : Promise.resolve(undefined)), id ?? "new");
  if (existing.status === "loading") return <Loading />;
  if (existing.status === "failed") return <ErrorAlert error={existing.error} />;
  return <ItemPackageFormView loaded={existing.data} />;
};

const ItemPackageFormView = ({ loaded }: { loaded?: ItemPackageView }) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const form = useForm<ItemPackageForm>({
    resolver: zodResolver(ItemPackageForm),
    defaultValues: {
      amount: loaded ? String(loaded.amount) : "",
      value: loaded ? String(loaded.value).replace(".", ",") : "",
    },
  });
  const save = useMutation(async (values: ItemPackageForm) => {
    const input = { amount: Number(values.amount), value: reaisOf(values.value) };
    if (loaded) await updateItemPackage(loaded, input);
    else await createItemPackage(input);
    navigate(`/gerencia/pacote${search}`);
  });
  const { errors } = form.formState;

  return (
    <RecordFormCard
      title={t(loaded ? "adminPurchasing.itemPackages.edit" : "adminPurchasing.itemPackages.create")}
      recordId={loaded?.id}
      listPath="/gerencia/pacote"
      onSubmit={form.handleSubmit(save.run)}
      save={save}
    >
      <Field label={t("adminPurchasing.itemPackages.amount")} error={errors.amount}>
        <input inputMode="numeric" {...form.register("amount")} />
      </Field>
      <Field label={t("adminPurchasing.itemPackages.value")} error={errors.value}>
        <input inputMode="decimal" {...form.register("value")} />
      </Field>
    </RecordFormCard>
  );
};
