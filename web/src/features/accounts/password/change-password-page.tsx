import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { changePassword } from "../api/change-password";
import { confirmationMatches, confirmationMismatch, newPasswordFields } from "./new-password";
import { NewPasswordFields } from "./new-password-fields";

const ChangePassword = z
  .object({
    currentPassword: z.string().min(1, "password.messages.validate.currentPassword.required"),
    ...newPasswordFields,
  })
  .refine(confirmationMatches, confirmationMismatch);
type ChangePassword = z.infer<typeof ChangePassword>;

const EMPTY: ChangePassword = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * /account/password: the signed-in user changes their own password. Success is told by the toast the
 * answer's alert feeds; the form empties, so no password stays on screen.
 */
export const ChangePasswordPage = () => {
  const { t } = useTranslation();
  const form = useForm<ChangePassword>({ resolver: zodResolver(ChangePassword), defaultValues: EMPTY });
  const change = useMutation(async ({ currentPassword, newPassword }: ChangePassword) => {
    await changePassword({ currentPassword, newPassword });
    form.reset(EMPTY);
  });
  const { errors } = form.formState;
  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("password.title")}</h1>
        <form noValidate onSubmit={form.handleSubmit(change.run)}>
          {change.status === "error" && <ErrorAlert error={change.error} />}
          <Field label={t("password.form.currentPassword")} error={errors.currentPassword}>
            <input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
          </Field>
          <NewPasswordFields form={form} />
          <button type="submit" className="btn btn-primary" disabled={change.status === "running"}>
            {t("password.form.button")}
          </button>
        </form>
      </div>
    </div>
  );
};
