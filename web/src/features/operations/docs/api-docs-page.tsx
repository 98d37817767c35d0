import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { lazyPage } from "../../../lib/lazy-page";
import { useResource } from "../../../lib/use-resource";
import { getOpenApiDocument, type OpenApiDocument } from "../api/openapi-api";

const SwaggerViewer = lazyPage(() => import("./swagger-viewer").then((m) => m.SwaggerViewer));

/** A link that saves the document as the page read it: the JSON needs the token, so no plain link to the API. */
const DownloadLink = ({ document }: { document: OpenApiDocument }) => {
  const { t } = useTranslation();
  const [href, setHref] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: "application/json" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [document]);
  return href ? (
    <a className="btn btn-small btn-outline" href={href} download="openapi.json">
      {t("adminTools.docs.download")}
    </a>
  ) : null;
};

/**
 * /admin/docs: the OpenAPI document the backend builds from its routes' zod schemas, read with the
 * administrator's token and shown in Swagger UI (see docs/architecture.md, "API documentation").
 */
export const ApiDocsPage = () => {
  const { t } = useTranslation();
  const openApi = useResource(getOpenApiDocument, "openapi");
  return (
    <section>
      <h2>{t("adminTools.docs.title")}</h2>
      {openApi.status === "loading" && <Loading />}
      {openApi.status === "failed" && <ErrorAlert error={openApi.error} />}
      {openApi.status === "ready" && (
        <>
          <div className="actions">
            <DownloadLink document={openApi.data} />
          </div>
          <SwaggerViewer document={openApi.data} />
        </>
      )}
    </section>
  );
};
