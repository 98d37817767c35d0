import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { changePassword } from "../api/change-password";
import { revokeOtherSessions } from "../api/revoke-other-sessions";
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
 * /account/password: the signed-in user changes their own password, or ends their other sessions (a lost
 * phone, a shared computer). Success is told by the toast the answer's alert feeds; the form empties, so
 * no password stays on screen. Either way this browser goes on with the new token the server answers.
 */
export const ChangePasswordPage = () => {
  const { t } = useTranslation();
  const form = useForm<ChangePassword>({ resolver: zodResolver(ChangePassword), defaultValues: EMPTY });
  const change = useMutation(async ({ currentPassword, newPassword }: ChangePassword) => {
    await changePassword({ currentPassword, newPassword });
    form.reset(EMPTY);
  });
  const revoke = useMutation(revokeOtherSessions);
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
      <section className="card" aria-labelledby="other-sessions">
        <h2 id="other-sessions">{t("sessions.title")}</h2>
        <p>{t("sessions.info")}</p>
        {revoke.status === "error" && <ErrorAlert error={revoke.error} />}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={revoke.status === "running"}
          onClick={() => revoke.run(undefined)}
        >
          {t("sessions.button")}
        </button>
      </section>
    </div>
  );
};
