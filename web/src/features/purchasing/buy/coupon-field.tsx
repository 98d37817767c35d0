import type { CouponValidationView } from "@el/domain/coupons/coupon-views";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { formatReais } from "../../../lib/pricing/package-pricing";

/** Apply a coupon (the server validates it against the cart) or remove the one applied. */
export const CouponField = ({
  coupon,
  error,
  validating,
  disabled,
  onApply,
  onRemove,
}: {
  coupon: CouponValidationView | null;
  error: unknown;
  validating: boolean;
  disabled: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState("");
  if (coupon) {
    return (
      <div className="coupon-field">
        <p className="alert alert-success" role="status">
          {t("purchasing.coupon.applied", { code: coupon.code, discount: formatReais(coupon.discountValue) })}
        </p>
        <button type="button" className="btn btn-outline btn-small" disabled={disabled} onClick={onRemove}>
          {t("purchasing.coupon.remove")}
        </button>
      </div>
    );
  }
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== "") onApply(code);
  };
  return (
    <form className="coupon-field" onSubmit={apply} noValidate>
      <div className="form-field">
        <label htmlFor={id}>{t("purchasing.coupon.label")}</label>
        <div className="coupon-input">
          <input
            id={id}
            value={code}
            maxLength={50}
            autoComplete="off"
            disabled={disabled || validating}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="btn btn-secondary" disabled={disabled || validating || code.trim() === ""}>
            {validating ? t("purchasing.coupon.applying") : t("purchasing.coupon.apply")}
          </button>
        </div>
      </div>
      {error !== null && <ErrorAlert error={error} />}
    </form>
  );
};
