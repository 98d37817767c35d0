import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { z } from "zod";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { finishPasswordReset } from "../api/reset-password";
import { confirmationMatches, confirmationMismatch, newPasswordFields } from "../password/new-password";
import { NewPasswordFields } from "../password/new-password-fields";

const ResetFinish = z.object(newPasswordFields).refine(confirmationMatches, confirmationMismatch);
type ResetFinish = z.infer<typeof ResetFinish>;

/** /account/reset/finish/{key?}: the key comes in the path or as ?key=; afterwards the user goes to /. */
export const ResetFinishPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const key = useParams().key ?? search.get("key") ?? "";
  const form = useForm<ResetFinish>({
    resolver: zodResolver(ResetFinish),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const finish = useMutation(async (values: ResetFinish) => {
    await finishPasswordReset(key, values.newPassword);
    // The answer's X-app-alert ('reset.finish.messages.success') is shown as a toast over the landing page.
    navigate("/");
  });
  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("reset.finish.title")}</h1>
        {!key ? (
          <div className="alert alert-danger" role="alert">
            {t("reset.finish.messages.keymissing")}{" "}
            <Link to="/account/reset/request">{t("reset.finish.messages.requestAgain")}</Link>
          </div>
        ) : (
          <form noValidate onSubmit={form.handleSubmit(finish.run)}>
            <p>{t("reset.finish.messages.info")}</p>
            {finish.status === "error" && <ErrorAlert error={finish.error} />}
            <NewPasswordFields form={form} />
            <button type="submit" className="btn btn-primary" disabled={finish.status === "running"}>
              {t("reset.finish.form.button")}
            </button>
          </form>
        )}
      </div>
    </div>
  );
};
