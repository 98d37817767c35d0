import type { ChainReport } from "@el/domain/audit/audit-views";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { verifyChain } from "../api/verify-chain-api";

type Check =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "failed"; error: unknown }
  | { status: "done"; report: ChainReport };

/** "Verificar cadeia": recomputes the audit hash chain on the server and says up to where it holds, or where it breaks. */
export const ChainCheck = () => {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check>({ status: "idle" });
  const run = () => {
    setCheck({ status: "checking" });
    verifyChain().then(
      (report) => setCheck({ status: "done", report }),
      (error: unknown) => setCheck({ status: "failed", error }),
    );
  };

  return (
    <section className="audit-chain" aria-labelledby="audit-chain-title">
      <h3 id="audit-chain-title">{t("audit.chain.title")}</h3>
      <button type="button" className="btn btn-secondary" onClick={run} disabled={check.status === "checking"}>
        {t("audit.chain.verify")}
      </button>
      <div aria-live="polite">
        {check.status === "checking" && <Loading />}
        {check.status === "failed" && <ErrorAlert error={check.error} />}
        {check.status === "done" && <ChainOutcome report={check.report} />}
      </div>
    </section>
  );
};

const ChainOutcome = ({ report }: { report: ChainReport }) => {
  const { t } = useTranslation();
  const unchained = report.unchained > 0 && <p>{t("audit.chain.unchained", { count: report.unchained })}</p>;
  if (report.brokenAt)
    return (
      <div className="alert alert-danger" role="alert">
        <p>{t("audit.chain.broken", report.brokenAt)}</p>
        <p>{t("audit.chain.hashes", report.brokenAt)}</p>
        {unchained}
      </div>
    );
  return (
    <div className={`alert ${report.ok ? "alert-success" : "alert-warning"}`}>
      <p>
        {report.headPosition === null
          ? t("audit.chain.emptyChain")
          : t("audit.chain.valid", { count: report.checked, position: report.headPosition })}
      </p>
      {report.head && <p className="audit-chain-head">{t("audit.chain.head", { hash: report.head })}</p>}
      {unchained}
    </div>
  );
};
