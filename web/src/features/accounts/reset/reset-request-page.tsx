import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { requestPasswordReset } from "../api/reset-password";

const ResetRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, "global.messages.validate.email.required")
    .min(5, "global.messages.validate.email.minlength")
    .max(254, "global.messages.validate.email.maxlength")
    .email("global.messages.validate.email.invalid"),
});
type ResetRequest = z.infer<typeof ResetRequest>;

/** /account/reset/request: one e-mail field and a recover button. */
export const ResetRequestPage = () => {
  const { t } = useTranslation();
  const form = useForm<ResetRequest>({ resolver: zodResolver(ResetRequest), defaultValues: { email: "" } });
  const reset = useMutation((values: ResetRequest) => requestPasswordReset(values.email));
  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("reset.request.title")}</h1>
        {reset.status === "success" ? (
          <div className="alert alert-success" role="status">
            {t("reset.request.messages.success")}
          </div>
        ) : (
          <form noValidate onSubmit={form.handleSubmit(reset.run)}>
            <p>{t("reset.request.messages.info")}</p>
            {reset.status === "error" && <ErrorAlert error={reset.error} />}
            <Field label={t("global.form.email")} error={form.formState.errors.email}>
              <input type="email" autoComplete="email" {...form.register("email")} />
            </Field>
            <button type="submit" className="btn btn-primary" disabled={reset.status === "running"}>
              {t("reset.request.form.button")}
            </button>
          </form>
        )}
      </div>
    </div>
  );
};
