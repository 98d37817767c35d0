import type { SocialProvider } from "@el/domain/accounts/account";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Field } from "../../../components/form/field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { continueSignedIn } from "../../../lib/session/token-sign-in";
import { socialReturnMachine } from "./social-return.machine";

/** Name, e-mail and photo as /registro/finalizar reads them (spec section 2), with the provider's ticket. */
const finishRegistrationUrl = (registration: {
  ticket: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
}) => {
  const query = new URLSearchParams({
    name: [registration.firstName, registration.lastName].filter(Boolean).join(" "),
    email: registration.email,
    ticket: registration.ticket,
  });
  if (registration.imageUrl) query.set("photo", registration.imageUrl);
  return `/registro/finalizar?${query}`;
};

/**
 * /google and /facebook: where the provider sends the person back. Exchanges the code, then signs them
 * in, sends them on to finish the sign-up with what the provider told, or asks the password of the
 * account that already has their e-mail before linking the two.
 */
export const SocialReturnPage = ({ provider }: { provider: SocialProvider }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [password, setPassword] = useState("");
  const actor = useActorRef(
    socialReturnMachine.provide({
      actions: {
        signedIn: (_, { token }) => continueSignedIn(token),
        continueRegistration: (_, { registration }) => navigate(finishRegistrationUrl(registration), { replace: true }),
      },
    }),
    { input: { provider, code: search.get("code"), state: search.get("state") } },
  );
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const { email, error } = useSelector(actor, (snapshot) => snapshot.context);
  const providerName = t(`social.provider.${provider}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) actor.send({ type: "password.submitted", password });
  };

  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("social.return.title", { provider: providerName })}</h1>
        {(state === "starting" || state === "exchanging" || state === "done") && <Loading />}
        {state === "refused" && (
          <div className="alert alert-warning" role="alert">
            {t("social.return.refused", { provider: providerName })}
          </div>
        )}
        {state === "failed" && <ErrorAlert error={error} />}
        {(state === "refused" || state === "failed") && (
          <p>
            <Link to="/login">{t("social.return.tryAgain")}</Link>
          </p>
        )}
        {(state === "askingPassword" || state === "linking") && (
          <form noValidate onSubmit={submit}>
            <p>{t("social.link.explanation", { email, provider: providerName })}</p>
            {error !== null && <ErrorAlert error={error} />}
            <Field label={t("social.link.password")}>
              <input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            </Field>
            <div className="actions">
              <button type="submit" className="btn btn-primary" disabled={state === "linking" || password === ""}>
                {state === "linking" ? t("global.loading") : t("social.link.submit", { provider: providerName })}
              </button>
            </div>
            <p>
              <Link to="/account/reset/request">{t("login.password.forgot")}</Link>
            </p>
          </form>
        )}
      </div>
    </div>
  );
};
