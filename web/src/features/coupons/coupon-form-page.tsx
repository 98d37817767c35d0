import type { ItemPackageView } from "@el/domain/catalog/catalog-views";
import type { CouponView } from "@el/domain/coupons/coupon-views";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../components/form/field";
import { RecordFormCard } from "../../components/form/record-form-card";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { getStudents, type StudentOption, studentName } from "../../lib/accounts/get-students";
import { getItemPackages } from "../../lib/catalog/get-item-packages";
import { formatReais } from "../../lib/money";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { getCoupon } from "./api/get-coupon";
import { type CouponInput, createCoupon, updateCoupon } from "./api/save-coupon";

const required = "adminPurchasing.validate.required";

/** A decimal as typed in Brazil ('12,5') or with a dot. */
const decimalOf = (text: string) => Number(text.trim().replace(",", "."));
const wholeOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * Spec section 5's rules, said before sending: code required, quantity at least 1, discount at least 0
 * (as a percentage at most 100, in reais at most two decimals).
 */
const CouponForm = z
  .object({
    code: z.string().trim().min(1, required).max(50, "adminPurchasing.validate.max50"),
    quantity: z
      .string()
      .trim()
      .min(1, required)
      .refine((text) => wholeOf(text) >= 1, { message: "adminPurchasing.validate.quantityMin" }),
    discount: z
      .string()
      .trim()
      .min(1, required)
      .refine((text) => decimalOf(text) >= 0, { message: "adminPurchasing.validate.discountMin" }),
    percentual: z.boolean(),
    itemPackageId: z.string(),
    userId: z.string(),
    active: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.percentual && decimalOf(values.discount) > 100)
      context.addIssue({ code: "custom", path: ["discount"], message: "adminPurchasing.validate.percentMax" });
    // A fixed discount is kept in centavos.
    if (!values.percentual && !/^\d*([.,]\d{0,2})?$/.test(values.discount.trim()))
      context.addIssue({ code: "custom", path: ["discount"], message: "adminPurchasing.validate.cents" });
  });
type CouponForm = z.infer<typeof CouponForm>;

/** Spec section 5: a coupon can be for one student only when it can be used once at most. */
const studentAllowed = (quantity: string) => wholeOf(quantity) <= 1;

/** /gerencia/cupom/new and /{id}/edit; saving returns to the list with its query string. */
export const CouponFormPage = () => {
  const id = useParams().id;
  const loaded = useResource(
    () => Promise.all([getItemPackages(), getStudents(), id ? getCoupon(Number(id)) : Promise.resolve(undefined)]),
    id ?? "new",
  );
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "failed") return <ErrorAlert error={loaded.error} />;
  const [packages, students, coupon] = loaded.data;
  return <CouponFormView packages={packages} students={students} loaded={coupon} />;
};

const CouponFormView = ({
  packages,
  students,
  loaded,
}: {
  packages: ItemPackageView[];
  students: StudentOption[];
  loaded?: CouponView;
}) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  // A coupon keeps showing its own package or student even when they are no longer offered.
  const packageOptions = packages.map((item) => ({
    id: item.id,
    label: `${t("adminPurchasing.coupons.packageOf", { count: item.amount })} — ${formatReais(item.value)}`,
  }));
  if (loaded?.itemPackage && !packages.some((item) => item.id === loaded.itemPackage?.id))
    packageOptions.push({
      id: loaded.itemPackage.id,
      label: t("adminPurchasing.coupons.packageOf", { count: loaded.itemPackage.amount }),
    });
  const studentOptions = students.map((student) => ({ id: student.id, label: studentName(student) }));
  if (loaded?.user && !students.some((student) => student.id === loaded.user?.id))
    studentOptions.push({ id: loaded.user.id, label: loaded.user.login });

  const form = useForm<CouponForm>({
    resolver: zodResolver(CouponForm),
    defaultValues: {
      code: loaded?.code ?? "",
      quantity: loaded ? String(loaded.quantity) : "1",
      discount: loaded ? String(loaded.discount).replace(".", ",") : "",
      percentual: loaded?.percentual ?? false,
      itemPackageId: loaded?.itemPackage ? String(loaded.itemPackage.id) : "",
      userId: loaded?.user ? String(loaded.user.id) : "",
      active: loaded?.active ?? false,
    },
  });
  const quantity = form.watch("quantity");
  const forOneStudent = studentAllowed(quantity);
  useEffect(() => {
    if (!forOneStudent && form.getValues("userId") !== "") form.setValue("userId", "");
  }, [forOneStudent, form]);

  const save = useMutation(async (values: CouponForm) => {
    const input: CouponInput = {
      code: values.code.trim(),
      quantity: wholeOf(values.quantity),
      discount: decimalOf(values.discount),
      percentual: values.percentual,
      itemPackage: values.itemPackageId ? { id: Number(values.itemPackageId) } : null,
      user: values.userId && studentAllowed(values.quantity) ? { id: Number(values.userId) } : null,
      active: values.active,
    };
    if (loaded) await updateCoupon(loaded, input);
    else await createCoupon(input);
    navigate(`/gerencia/cupom${search}`);
  });
  const { errors } = form.formState;

  return (
    <RecordFormCard
      title={t(loaded ? "adminPurchasing.coupons.edit" : "adminPurchasing.coupons.create")}
      recordId={loaded?.id}
      listPath="/gerencia/cupom"
      onSubmit={form.handleSubmit(save.run)}
      save={save}
    >
      <Field label={t("adminPurchasing.coupons.code")} error={errors.code}>
        <input autoComplete="off" {...form.register("code")} />
      </Field>
      <Field label={t("adminPurchasing.coupons.quantity")} error={errors.quantity}>
        <input inputMode="numeric" {...form.register("quantity")} />
      </Field>
      <label className="form-check">
        <input type="checkbox" {...form.register("percentual")} />
        {t("adminPurchasing.coupons.percentual")}
      </label>
      <Field label={t("adminPurchasing.coupons.discount")} error={errors.discount}>
        <input inputMode="decimal" {...form.register("discount")} />
      </Field>
      <Field label={t("adminPurchasing.coupons.itemPackage")}>
        <select {...form.register("itemPackageId")}>
          <option value="">{t("adminPurchasing.coupons.anyPackage")}</option>
          {packageOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("adminPurchasing.coupons.student")}>
        <select disabled={!forOneStudent} {...form.register("userId")}>
          <option value="">{t("adminPurchasing.coupons.anyStudent")}</option>
          {studentOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      {!forOneStudent && <p className="form-hint">{t("adminPurchasing.coupons.studentOnlyForOne")}</p>}
      <label className="form-check">
        <input type="checkbox" {...form.register("active")} />
        {t("adminPurchasing.coupons.activeField")}
      </label>
    </RecordFormCard>
  );
};
