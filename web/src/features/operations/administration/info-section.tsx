import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useResource } from "../../../lib/use-resource";
import { getInfo } from "../api/info-api";

/** What is running: `/management/info`, JHipster's build and profile details. */
export const InfoSection = () => {
  const { t } = useTranslation();
  const info = useResource(getInfo, "info");
  return (
    <section className="card" aria-labelledby="admin-info-title">
      <h2 id="admin-info-title">{t("adminTools.info.title")}</h2>
      {info.status === "loading" && <Loading />}
      {info.status === "failed" && <ErrorAlert error={info.error} />}
      {info.status === "ready" && (
        <dl className="details">
          <dt>{t("adminTools.info.version")}</dt>
          <dd>{`${info.data.build.name} ${info.data.build.version}`}</dd>
          {info.data.build.commit && (
            <>
              <dt>{t("adminTools.info.commit")}</dt>
              <dd>{info.data.build.commit}</dd>
            </>
          )}
          <dt>{t("adminTools.info.uptime")}</dt>
          <dd>{t("adminTools.info.minutes", { count: Math.floor(info.data.uptime / 60) })}</dd>
          <dt>{t("adminTools.info.database")}</dt>
          <dd>{`${info.data.database} (${info.data.activeProfiles.join(", ")})`}</dd>
          <dt>{t("adminTools.info.mail")}</dt>
          <dd>{info.data.mail}</dd>
          <dt>{t("adminTools.info.node")}</dt>
          <dd>{info.data.node}</dd>
        </dl>
      )}
    </section>
  );
};
