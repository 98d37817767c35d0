import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Field } from "../../../components/form/field";
import { PhoneField } from "../../../components/form/phone-field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { register } from "../api/register";
import { TeacherApplicationForm } from "./registration-schemas";

/** /registro/professor: a teacher applies; they may sign in once an administrator accepts them. */
export const TeacherApplicationPage = () => {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<TeacherApplicationForm>({
    resolver: zodResolver(TeacherApplicationForm),
    defaultValues: { name: "", email: "", phone: "", password: "", passwordConfirm: "", experience: "" },
  });
  const apply = useMutation((values: TeacherApplicationForm) =>
    register({
      firstName: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone,
      password: values.password,
      experience: values.experience.trim(),
      student: false,
    }),
  );
  const { errors } = form.formState;
  const passwordType = showPassword ? "text" : "password";
  return (
    <div className="page narrow">
      <div className="card">
        <div className="actions" style={{ justifyContent: "space-between", alignItems: "center" }}>
          <h1>{t("register.teacher.title")}</h1>
          <Link to="/login" className="btn btn-outline btn-small">
            {t("register.teacher.login")}
          </Link>
        </div>
        {apply.status === "success" ? (
          <div className="alert alert-success" role="status">
            {t("register.teacher.success")}
          </div>
        ) : (
          <form noValidate onSubmit={form.handleSubmit(apply.run)}>
            <p>{t("register.teacher.subtitle")}</p>
            {apply.status === "error" && <ErrorAlert error={apply.error} />}
            <Field label={t("register.form.firstName")} error={errors.name}>
              <input autoComplete="name" {...form.register("name")} />
            </Field>
            <Field label={t("register.form.email")} error={errors.email}>
              <input type="email" autoComplete="email" {...form.register("email")} />
            </Field>
            <PhoneField control={form.control} name="phone" label={t("register.form.phone")} error={errors.phone} />
            <Field label={t("register.form.password")} error={errors.password}>
              <input type={passwordType} autoComplete="new-password" {...form.register("password")} />
            </Field>
            <Field label={t("register.form.confirmPassword")} error={errors.passwordConfirm}>
              <input type={passwordType} autoComplete="new-password" {...form.register("passwordConfirm")} />
            </Field>
            <label className="form-check">
              <input
                type="checkbox"
                checked={showPassword}
                onChange={(event) => setShowPassword(event.target.checked)}
              />
              {t("register.teacher.showPassword")}
            </label>
            <Field label={t("register.form.experience")} error={errors.experience}>
              <textarea rows={5} {...form.register("experience")} />
            </Field>
            <button type="submit" className="btn btn-primary" disabled={apply.status === "running"}>
              {t("register.teacher.submit")}
            </button>
          </form>
        )}
      </div>
    </div>
  );
};
