import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../components/status/error-alert";
import { useMutation } from "../../lib/use-mutation";

interface DisputeTextFormProps<Output> {
  /** The textarea's id; its error message's is `${fieldId}-error`. */
  fieldId: string;
  label: string;
  /** A line under the label, which describes the textarea while it is valid. */
  hint?: string;
  submitLabel: string;
  /** The button's text while the request is under way (the submit label, disabled, if none). */
  sendingLabel?: string;
  labelledBy?: string;
  /** The form's other fields, above the text: checkboxes, radios, a title. */
  children?: ReactNode;
  /** Sends the text; what it resolves to goes to `onSent`. */
  send: (text: string) => Promise<Output>;
  onSent: (output: Output) => void;
}

/**
 * A dispute's form around the text it requires (a report's comment, the other side's answer, the
 * administrator's reason): sent empty, it says so by the field and sends nothing; the request's refusal shows
 * above the button, which waits while the request is under way.
 */
export const DisputeTextForm = <Output,>({
  fieldId,
  label,
  hint,
  submitLabel,
  sendingLabel,
  labelledBy,
  children,
  send,
  onSent,
}: DisputeTextFormProps<Output>) => {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const request = useMutation(send);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(text.trim().length === 0);
    if (text.trim().length === 0) return;
    const output = await request.run(text);
    if (output !== undefined) onSent(output);
  };
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const running = request.status === "running";
  return (
    <form className="dispute-form card" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      {children}
      <label htmlFor={fieldId}>{label}</label>
      {hint && <p id={hintId}>{hint}</p>}
      <textarea
        id={fieldId}
        value={text}
        maxLength={2000}
        aria-invalid={missing}
        aria-describedby={missing ? errorId : hint ? hintId : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {missing && (
        <p id={errorId} className="invalid-feedback d-block">
          {t("disputes.required")}
        </p>
      )}
      {request.status === "error" && <ErrorAlert error={request.error} />}
      <button type="submit" className="btn btn-primary" disabled={running}>
        {running && sendingLabel ? sendingLabel : submitLabel}
      </button>
    </form>
  );
};
