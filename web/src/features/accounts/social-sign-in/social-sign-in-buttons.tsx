import { useTranslation } from "react-i18next";
import { useResource } from "../../../lib/use-resource";
import { authorizeUrl, getSocialProviders } from "./api/social-providers";
import "./social-sign-in.css";

/**
 * "Entrar com Google / Facebook", for the providers the server is configured for. Nothing shows while
 * they load, when none is on, or when the server cannot say: the form beside them works regardless.
 */
export const SocialSignInButtons = () => {
  const { t } = useTranslation();
  const providers = useResource(getSocialProviders, "social-providers");
  if (providers.status !== "ready" || providers.data.length === 0) return null;
  return (
    <nav className="social-sign-in" aria-label={t("social.buttons.label")}>
      {providers.data.map((provider) => (
        // A full navigation: the server answers with a redirect to the provider.
        <a key={provider} className={`btn btn-outline social-${provider}`} href={authorizeUrl(provider)}>
          {t(`social.buttons.${provider}`)}
        </a>
      ))}
    </nav>
  );
};
