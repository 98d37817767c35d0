import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { offlineSavedAt, onOfflineChange } from "../../lib/offline-snapshot";

/** "Você está offline — mostrando dados salvos às 14:02", while the page shows what was saved for offline use. */
export const OfflineBanner = () => {
  const { t, i18n } = useTranslation();
  const savedAt = useSyncExternalStore(onOfflineChange, offlineSavedAt);
  if (savedAt === null) return null;
  const time = new Date(savedAt).toLocaleTimeString(i18n.language === "en" ? "en-GB" : "pt-BR", {
    hour: "2-digit",
    minute: "2-digit",
  });
  return (
    <p className="alert alert-warning" role="status">
      {t("push.offline.banner", { time })}
    </p>
  );
};
