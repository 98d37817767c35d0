import { useTranslation } from "react-i18next";

/** The 'activated/deactivated' badge of the user lists; a click flips the flag. */
export const ActivationBadge = ({
  activated,
  disabled,
  onToggle,
  labels = { on: "gerencia.users.activatedBadge", off: "gerencia.users.deactivatedBadge" },
}: {
  activated: boolean;
  disabled?: boolean;
  onToggle: () => void;
  labels?: { on: string; off: string };
}) => {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`badge ${activated ? "badge-success" : "badge-danger"}`}
      aria-pressed={activated}
      disabled={disabled}
      onClick={onToggle}
    >
      {t(activated ? labels.on : labels.off)}
    </button>
  );
};
