import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/form/field";
import { PhoneField } from "../../../components/form/phone-field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { registerSocialTeacher } from "../api/register-social-teacher";
import { SocialTeacherStepTwo } from "./registration-schemas";

/**
 * /registro/finalizar for a teacher who came through Google or Facebook: the same application as
 * /registro/professor (name, phone, experience) without a password, which then waits in the administrators'
 * review queue; the provider signs them in once it is accepted.
 */
export const SocialTeacherApplicationForm = ({
  ticket,
  firstName,
  lastName,
  email,
}: {
  ticket: string;
  firstName: string;
  lastName: string;
  email: string;
}) => {
  const { t } = useTranslation();
  const form = useForm<SocialTeacherStepTwo>({
    resolver: zodResolver(SocialTeacherStepTwo),
    defaultValues: { lastName, phone: "", experience: "" },
  });
  const apply = useMutation((values: SocialTeacherStepTwo) =>
    registerSocialTeacher({
      ticket,
      firstName: firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone,
      experience: values.experience.trim(),
    }),
  );
  const { errors } = form.formState;
  if (apply.status === "success")
    return (
      <div className="alert alert-success" role="status">
        {t("register.teacher.success")}
      </div>
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(apply.run)}>
      <p>{t("register.teacher.subtitle")}</p>
      <Field label={t("register.form.email")}>
        <input type="email" value={email} readOnly />
      </Field>
      <Field label={t("register.form.lastName")} error={errors.lastName}>
        <input autoComplete="family-name" {...form.register("lastName")} />
      </Field>
      <PhoneField control={form.control} name="phone" label={t("register.form.phone")} error={errors.phone} />
      <Field label={t("register.form.experience")} error={errors.experience}>
        <textarea rows={5} {...form.register("experience")} />
      </Field>
      {apply.status === "error" && <ErrorAlert error={apply.error} />}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={apply.status === "running"}>
          {apply.status === "running" ? t("global.loading") : t("register.teacher.submit")}
        </button>
      </div>
    </form>
  );
};
