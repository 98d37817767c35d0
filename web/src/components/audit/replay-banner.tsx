import { ReplayView } from "@el/domain/audit/replays";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { api } from "../../lib/api";
import { formatDay, formatTime } from "../../lib/lessons/lesson-time";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";

/**
 * The replay a back-office list shows (`?replay=<id>` in its URL): the list as it stood at the
 * replay's moment, read-only. Undefined: today's list.
 */
export const useReplayParam = () => {
  const [params] = useSearchParams();
  return params.get("replay") ?? undefined;
};

const getReplay = async (id: string) => ReplayView.parse(await api.get<unknown>(`api/audit/replays/${id}`));

/** Above a list read from a replay: "Réplica de DD/MM/YY HH:mm — somente leitura", and the way back to the replays. */
export const ReplayBanner = ({ replay }: { replay: string }) => {
  const { t } = useTranslation();
  const view = useResource(() => getReplay(replay), replay);
  if (view.status === "failed") return <ErrorAlert error={view.error} />;
  return (
    <div className="alert alert-info replay-banner" role="status">
      {view.status === "ready"
        ? t("audit.replayView.banner", { at: `${formatDay(view.data.at)} ${formatTime(view.data.at)}` })
        : t("audit.replayView.loading")}{" "}
      <Link to="/auditoria/replays">{t("audit.replayView.back")}</Link>
    </div>
  );
};
