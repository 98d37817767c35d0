import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { ErrorAlert } from "../status/error-alert";
import { Field } from "./field";

/**
 * The frame of a back-office create/edit form: its title, the save error, the record's id (read-only,
 * when editing), the fields, and Voltar back to the list with its query string kept, or Salvar.
 */
export const RecordFormCard = ({
  title,
  recordId,
  listPath,
  onSubmit,
  save,
  children,
}: {
  title: string;
  recordId?: number;
  listPath: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  save: { status: string; error?: unknown };
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <section className="card narrow">
      <h2>{title}</h2>
      <form noValidate onSubmit={onSubmit}>
        {save.status === "error" && <ErrorAlert error={save.error} />}
        {recordId !== undefined && (
          <Field label="ID">
            <input value={recordId} readOnly />
          </Field>
        )}
        {children}
        <div className="actions">
          <Link to={`${listPath}${search}`} className="btn btn-outline">
            {t("gerencia.actions.back")}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.status === "running"}>
            {t("gerencia.actions.save")}
          </button>
        </div>
      </form>
    </section>
  );
};
