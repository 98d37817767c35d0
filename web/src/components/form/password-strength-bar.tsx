import { useTranslation } from "react-i18next";
import { passwordScore, strengthLevel } from "./password-strength";

const COLOURS = ["#e74c3c", "#f39c12", "#f1c40f", "#9bd13c", "#27ae60"];

export const PasswordStrengthBar = ({ password }: { password: string }) => {
  const { t } = useTranslation();
  const level = password ? strengthLevel(passwordScore(password)) : 0;
  return (
    <div
      className="strength-bar"
      role="meter"
      aria-label={t("global.messages.validate.strength")}
      aria-valuemin={0}
      aria-valuemax={5}
      aria-valuenow={level}
    >
      <span className="strength-bar-label">{t("global.messages.validate.strength")}:</span>
      <ul>
        {COLOURS.map((colour, index) => (
          <li
            key={colour}
            data-filled={index < level}
            style={{ backgroundColor: index < level ? (COLOURS[level - 1] as string) : "#dde2ea" }}
          />
        ))}
      </ul>
    </div>
  );
};
