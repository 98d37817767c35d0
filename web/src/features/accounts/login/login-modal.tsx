import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, type Location, useLocation, useNavigate } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { Modal } from "../../../components/modal/modal";
import { homeOf } from "../../../lib/session/account";
import { useSession } from "../../../lib/session/session-provider";

const LoginForm = z.object({
  username: z.string().trim().min(1, "login.messages.validate.email.required"),
  password: z.string().min(1, "login.messages.validate.password.required"),
  rememberMe: z.boolean(),
});
type LoginForm = z.infer<typeof LoginForm>;

const targetAfterLogin = (from: Location | undefined, fallback: string) => {
  if (!from || from.pathname === "/login" || from.pathname === "/logout") return fallback;
  return `${from.pathname}${from.search}${from.hash}`;
};

/**
 * /login: a modal over the page. On success it returns to the page the user came from; without one,
 * the user's own area (student, teacher, administration). A failed sign-in keeps the modal open.
 * `signInOptions`: other ways in the app offers beside the form (Google, Facebook).
 */
export const LoginModal = ({ signInOptions }: { signInOptions?: ReactNode }) => {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { username: "", password: "", rememberMe: false },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (session.state === "authenticated" && session.account) {
      navigate(targetAfterLogin(from, homeOf(session.account)), { replace: true });
    }
  }, [session.state, session.account, from, navigate]);

  const close = () => {
    session.dismissError();
    navigate(from && from.pathname !== "/login" ? `${from.pathname}${from.search}` : "/", { replace: true });
  };

  const busy = session.state === "authenticating";
  return (
    <Modal title={t("login.title")} onClose={close}>
      <form noValidate onSubmit={form.handleSubmit((values) => session.login(values))}>
        {session.error && (
          <div className="alert alert-danger" role="alert">
            {t(session.error, { defaultValue: session.error })}
          </div>
        )}
        <Field label={t("login.form.username")} error={errors.username}>
          <input type="email" autoComplete="username" autoFocus {...form.register("username")} />
        </Field>
        <Field label={t("login.form.password")} error={errors.password}>
          <input type="password" autoComplete="current-password" {...form.register("password")} />
        </Field>
        <label className="form-check">
          <input type="checkbox" {...form.register("rememberMe")} />
          {t("login.form.rememberme")}
        </label>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("global.loading") : t("login.form.button")}
          </button>
          <button type="button" className="btn btn-outline" onClick={close}>
            {t("global.cancel")}
          </button>
        </div>
        {signInOptions}
        <p>
          <Link to="/account/reset/request">{t("login.password.forgot")}</Link>
        </p>
        <p>
          {t("global.messages.info.register.noaccount")}{" "}
          <Link to="/registro/aluno">{t("global.messages.info.register.link")}</Link>
        </p>
      </form>
    </Modal>
  );
};
