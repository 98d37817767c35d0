import SwaggerUIBundle from "swagger-ui-dist/swagger-ui-es-bundle.js";
import "swagger-ui-dist/swagger-ui.css";
import "./swagger-contrast.css";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { tokenStorage } from "../../../lib/api";
import type { OpenApiDocument } from "../api/openapi-api";

/**
 * Swagger UI over the document the page already read. This module is its own chunk: the bundle (with its
 * own copy of React) downloads only when an administrator opens the docs. Its "Try it out" calls carry the
 * session's token, so they act as the signed-in administrator, as any screen would.
 */
export const SwaggerViewer = ({ document }: { document: OpenApiDocument }) => {
  const { t } = useTranslation();
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!node.current) return;
    SwaggerUIBundle({
      domNode: node.current,
      spec: document,
      // No call to swagger.io's validator: the document stays in the house.
      validatorUrl: null,
      deepLinking: false,
      // Each tag opens when clicked: listing every operation at once (over 140 of them) stopped Swagger UI's
      // rendering after the first few, leaving the rest of the API unseen.
      docExpansion: "none",
      defaultModelsExpandDepth: 0,
      requestInterceptor: (request) => {
        const token = tokenStorage.get();
        if (token) request.headers.Authorization = `Bearer ${token}`;
        return request;
      },
    });
  }, [document]);
  return <div ref={node} role="region" aria-label={t("adminTools.docs.viewer")} />;
};
