import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { Field } from "../../../components/form/field";
import { hasUser } from "../api/has-user";
import { PasswordFields } from "./password-fields";
import { StudentStepOne } from "./registration-schemas";

/**
 * /registro/aluno, step 1: who the student is. Leaving the e-mail field checks whether it is taken; if
 * so the form cannot continue and offers a password reset instead. Continue carries the data to
 * /registro/finalizar, where everything is submitted. `signInOptions`: signing up through Google or
 * Facebook instead, which fills in name, e-mail and photo.
 */
export const StudentStepOnePage = ({ signInOptions }: { signInOptions?: ReactNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = (useLocation().state as { registration?: StudentStepOne } | null)?.registration;
  const [emailTaken, setEmailTaken] = useState(false);
  const form = useForm<StudentStepOne>({
    resolver: zodResolver(StudentStepOne),
    defaultValues: carried ?? { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const emailField = form.register("email");

  const checkEmail = async (email: string) => {
    const trimmed = email.trim();
    if (!trimmed) return setEmailTaken(false);
    try {
      setEmailTaken(await hasUser(trimmed));
    } catch {
      // The check only helps; registration itself refuses a duplicate e-mail.
      setEmailTaken(false);
    }
  };

  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("register.student.title")}</h1>
        <p>{t("register.student.subtitle")}</p>
        {signInOptions}
        <form
          noValidate
          onSubmit={form.handleSubmit((registration) => navigate("/registro/finalizar", { state: { registration } }))}
        >
          <Field label={t("register.form.firstName")} error={errors.firstName}>
            <input autoComplete="given-name" {...form.register("firstName")} />
          </Field>
          <Field label={t("register.form.lastName")} error={errors.lastName}>
            <input autoComplete="family-name" {...form.register("lastName")} />
          </Field>
          <Field label={t("register.form.email")} error={errors.email}>
            <input
              type="email"
              autoComplete="email"
              {...emailField}
              onChange={(event) => {
                setEmailTaken(false);
                return emailField.onChange(event);
              }}
              onBlur={(event) => {
                void checkEmail(event.target.value);
                return emailField.onBlur(event);
              }}
            />
          </Field>
          {emailTaken && (
            <div className="alert alert-warning" role="alert">
              {t("register.messages.error.emailTaken")}{" "}
              <Link to="/account/reset/request">{t("register.messages.error.resetLink")}</Link>
            </div>
          )}
          <PasswordFields form={form} />
          {!emailTaken && (
            <button type="submit" className="btn btn-primary">
              {t("register.student.continue")}
            </button>
          )}
        </form>
        <p>
          {t("register.student.haveAccount")} <Link to="/login">{t("global.menu.login")}</Link>
        </p>
      </div>
    </div>
  );
};
