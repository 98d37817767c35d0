import type { AuditEvent } from "@el/domain/audit/audit-views";
import { useTranslation } from "react-i18next";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * An event's data as a person reads it (`opened`: personal fields readable, or "titular removido" once the
 * person was erased), with the stored form one click away: sealed tokens, what the chain's hash covers.
 */
export const EventData = ({ event }: { event: Pick<AuditEvent, "data" | "opened"> }) => {
  const { t } = useTranslation();
  return (
    <>
      <pre className="audit-json" tabIndex={0}>
        {json(event.opened)}
      </pre>
      <details className="audit-stored">
        <summary>{t("audit.event.asStored")}</summary>
        <pre className="audit-json" tabIndex={0}>
          {json(event.data)}
        </pre>
      </details>
    </>
  );
};
