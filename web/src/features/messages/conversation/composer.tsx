import { MESSAGE_TEXT_MAX } from "@el/domain/messages/message-contracts";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { ApiError } from "../../../lib/api";

interface ComposerProps {
  draft: string;
  sending: boolean;
  error: unknown;
  onChange: (text: string) => void;
  onSend: () => void;
}

/** Writing a message: Enter sends, Shift+Enter starts a new line; up to 2,000 characters, counted as typed. */
export const Composer = ({ draft, sending, error, onChange, onSend }: ComposerProps) => {
  const { t } = useTranslation();
  const tooLong = draft.length > MESSAGE_TEXT_MAX;
  const empty = draft.trim().length === 0;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };
  return (
    <form
      className="message-composer"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      {error !== null &&
        (error instanceof ApiError && error.status === 429 ? (
          <div className="alert alert-danger" role="alert">
            {t("messages.composer.tooFast")}
          </div>
        ) : (
          <ErrorAlert error={error} />
        ))}
      <div className="form-field">
        <label htmlFor="message-draft" className="messages-visually-hidden">
          {t("messages.composer.label")}
        </label>
        <textarea
          id="message-draft"
          rows={2}
          value={draft}
          readOnly={sending}
          placeholder={t("messages.composer.placeholder")}
          aria-describedby="message-draft-count"
          aria-invalid={tooLong ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="message-composer-foot">
        <span id="message-draft-count" className={tooLong ? "message-count message-count-over" : "message-count"}>
          {tooLong
            ? t("messages.composer.tooLong", { max: MESSAGE_TEXT_MAX, length: draft.length })
            : t("messages.composer.count", { length: draft.length, max: MESSAGE_TEXT_MAX })}
        </span>
        <button type="submit" className="btn btn-primary" disabled={sending || empty || tooLong}>
          {sending ? t("messages.composer.sending") : t("messages.composer.send")}
        </button>
      </div>
    </form>
  );
};
