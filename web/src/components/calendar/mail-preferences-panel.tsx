import { type MailTopic, mailTopics } from "@el/domain/mails/lesson-mails";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";

const fetchPreferences = () => api.get<{ off: MailTopic[] }>("api/account/mail-preferences");
const savePreferences = (off: MailTopic[]) => api.put<{ off: MailTopic[] }>("api/account/mail-preferences", { off });

/** "E-mails sobre as aulas": one switch per kind of lesson e-mail, saved as it is flipped. */
export const MailPreferencesPanel = () => {
  const { t } = useTranslation();
  const preferences = useResource(fetchPreferences, "mail-preferences");
  const save = useMutation(savePreferences);

  const flip = async (topic: MailTopic, wanted: boolean) => {
    if (preferences.status !== "ready") return;
    const off = wanted ? preferences.data.off.filter((each) => each !== topic) : [...preferences.data.off, topic];
    if (await save.run(off)) preferences.reload();
  };

  return (
    <section className="card narrow mail-preferences" aria-labelledby="mail-preferences-title">
      <h3 id="mail-preferences-title">{t("calendar.mails.title")}</h3>
      {preferences.status === "loading" && <Loading />}
      {preferences.status === "failed" && <ErrorAlert error={preferences.error} />}
      {preferences.status === "ready" && (
        <fieldset disabled={save.status === "running"}>
          <legend>{t("calendar.mails.legend")}</legend>
          {mailTopics.map((topic) => (
            <label key={topic} className="checkbox">
              <input
                type="checkbox"
                checked={!preferences.data.off.includes(topic)}
                onChange={(event) => flip(topic, event.target.checked)}
              />
              {t(`calendar.mails.topic.${topic}`)}
            </label>
          ))}
        </fieldset>
      )}
      {save.status === "error" && <ErrorAlert error={save.error} />}
    </section>
  );
};
