import { useTranslation } from "react-i18next";
import { CalendarFeedPanel } from "../../../components/calendar/calendar-feed-panel";
import { MailPreferencesPanel } from "../../../components/calendar/mail-preferences-panel";
import { PersonalDataPanel } from "../../../components/privacy/personal-data-panel";
import { PushNotificationsPanel } from "../../../components/push/push-notifications-panel";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { fetchLevels } from "../../../lib/catalog/catalog-api";
import { useSession } from "../../../lib/session/session-provider";
import { useResource } from "../../../lib/use-resource";

/** Meu Perfil: the account as it is, read-only (spec section 5). */
export const StudentProfile = () => {
  const { t } = useTranslation();
  const { account } = useSession();
  const levels = useResource(fetchLevels, "levels");
  if (!account) return null;
  if (levels.status === "loading") return <Loading />;
  if (levels.status === "failed") return <ErrorAlert error={levels.error} />;
  const fields = [
    { id: "firstName", value: account.firstName },
    { id: "lastName", value: account.lastName },
    { id: "email", value: account.email },
    { id: "phone", value: account.phone },
    { id: "level", value: levels.data.find((level) => level.id === account.level)?.name },
    {
      id: "objective",
      value: account.objective ? t(`lessons.objective.${account.objective}`, { defaultValue: account.objective }) : "",
    },
  ];
  return (
    <>
      <section className="card narrow" aria-label={t("student.menu.profile")}>
        {fields.map((field) => (
          <div key={field.id} className="form-field">
            <label htmlFor={`profile-${field.id}`}>{t(`student.profile.${field.id}`)}</label>
            <input id={`profile-${field.id}`} value={field.value ?? ""} readOnly />
          </div>
        ))}
      </section>
      <CalendarFeedPanel />
      <MailPreferencesPanel />
      <PushNotificationsPanel />
      <PersonalDataPanel />
    </>
  );
};
