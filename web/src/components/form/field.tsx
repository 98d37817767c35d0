import { cloneElement, type ReactElement, useId } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

interface ControlProps {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

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
  /** The control, or a function that places the label's ids on a control nested deeper (a Controller). */
  children: ReactElement<ControlProps> | ((props: ControlProps) => ReactElement);
}) => {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const control: ControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {typeof children === "function" ? children(control) : cloneElement(children, control)}
      {error?.message && (
        <span id={errorId} className="field-error" role="alert">
          {t(error.message)}
        </span>
      )}
    </div>
  );
};
