import { cloneElement, type ReactElement, useId } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/**
 * A labelled form control with its validation message. Messages are i18n keys (the spec's Portuguese
 * texts by default), so zod schemas stay free of the current language.
 */
export const Field = ({
  label,
  error,
  children,
}: {
  label: string;
  error?: Pick<FieldError, "message">;
  children: ReactElement<{ id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string }>;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error?.message && (
        <span id={errorId} className="field-error" role="alert">
          {t(error.message)}
        </span>
      )}
    </div>
  );
};
