import type { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import { PAYMENT_METHODS } from "@el/domain/purchasing/purchase-views";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/form/field";
import { MaskedField } from "../../../components/form/masked-field";
import { formatReais } from "../../../lib/pricing/package-pricing";
import {
  BRAZILIAN_STATES,
  type CheckoutDetails,
  type CheckoutFormValues,
  checkoutFormSchema,
  installmentOptions,
  isMissingRequired,
  prefilledCheckoutForm,
  toCheckoutDetails,
  usesCard,
} from "../checkout/checkout-form";
import { INVALID_CEP, useCepAutofill } from "./use-cep-autofill";

/**
 * The buyer's CPF and address, the payment method and, for a card, its details (spec section 5). The
 * order can be placed only once every required field is filled; until then the spec's warning stands
 * where the button goes.
 */
export const PaymentForm = ({
  total,
  busy,
  cancellable,
  onSubmit,
  onCancel,
  now,
  saved = null,
}: {
  /** What the order costs now, in reais: each installment's value is shown from it. */
  total: number;
  /** The order is on its way: nothing here may change. */
  busy: boolean;
  /** Once the payment is being sent it can no longer be called off. */
  cancellable: boolean;
  onSubmit: (details: CheckoutDetails) => void;
  onCancel: () => void;
  now?: () => Date;
  /** The CPF and address the student's last checkout kept: the form starts with them. */
  saved?: BuyerDetailsView | null;
}) => {
  const { t } = useTranslation();
  const schema = useMemo(() => checkoutFormSchema(now), [now]);
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(schema),
    defaultValues: prefilledCheckoutForm(saved),
  });
  // Kept details that arrive after the form opened fill it, unless the student already typed.
  useEffect(() => {
    if (saved && !form.formState.isDirty) form.reset(prefilledCheckoutForm(saved));
  }, [saved, form]);
  const cepState = useCepAutofill(form);
  const values = form.watch();
  const { errors } = form.formState;
  const card = usesCard(values.method);
  const missing = isMissingRequired(values);

  const submit = form.handleSubmit((valid) => {
    if (cepState === "invalid") {
      form.setError("cep", { message: INVALID_CEP });
      return;
    }
    onSubmit(toCheckoutDetails(valid));
  });

  return (
    <form className="payment-form" onSubmit={submit} noValidate aria-label={t("purchasing.form.title")}>
      <fieldset disabled={busy}>
        <legend>{t("purchasing.form.buyer")}</legend>
        <div className="payment-grid">
          <MaskedField
            control={form.control}
            name="cpf"
            label={t("purchasing.form.cpf")}
            mask="000.000.000-00"
            placeholder="999.999.999-99"
            error={errors.cpf}
          />
          <MaskedField
            control={form.control}
            name="cep"
            label={t("purchasing.form.cep")}
            mask="00000-000"
            placeholder="99999-999"
            autoComplete="postal-code"
            error={errors.cep}
          />
        </div>
        {cepState === "looking" && (
          <p className="payment-note" role="status">
            {t("purchasing.form.cepLoading")}
          </p>
        )}
        {cepState === "unavailable" && (
          <p className="alert alert-info" role="status">
            {t("purchasing.form.cepUnavailable")}
          </p>
        )}
        <div className="payment-grid">
          <Field label={t("purchasing.form.street")} error={errors.street}>
            <input autoComplete="address-line1" {...form.register("street")} />
          </Field>
          <Field label={t("purchasing.form.number")} error={errors.number}>
            <input {...form.register("number")} />
          </Field>
          <Field label={t("purchasing.form.neighbourhood")} error={errors.neighbourhood}>
            <input {...form.register("neighbourhood")} />
          </Field>
          <Field label={t("purchasing.form.city")} error={errors.city}>
            <input autoComplete="address-level2" {...form.register("city")} />
          </Field>
          <Field label={t("purchasing.form.state")} error={errors.state}>
            {cepState === "unavailable" ? (
              <select required {...form.register("state")}>
                <option value="">{t("purchasing.form.chooseState")}</option>
                {BRAZILIAN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
            ) : (
              <input maxLength={2} readOnly {...form.register("state")} />
            )}
          </Field>
          <Field label={t("purchasing.form.country")}>
            <input readOnly {...form.register("country")} />
          </Field>
        </div>
      </fieldset>

      <fieldset disabled={busy}>
        <legend>{t("purchasing.form.method")}</legend>
        <div className="payment-methods" role="radiogroup" aria-label={t("purchasing.form.method")}>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="payment-method">
              <input type="radio" value={method} {...form.register("method")} />
              {t(`purchasing.form.methods.${method}`)}
            </label>
          ))}
        </div>
        {card && (
          <div className="payment-grid">
            <MaskedField
              control={form.control}
              name="cardNumber"
              label={t("purchasing.form.cardNumber")}
              mask="0000 0000 0000 0000"
              placeholder="0000 0000 0000 0000"
              autoComplete="cc-number"
              error={errors.cardNumber}
            />
            <Field label={t("purchasing.form.cardName")} error={errors.cardName}>
              <input autoComplete="cc-name" {...form.register("cardName")} />
            </Field>
            <MaskedField
              control={form.control}
              name="cardExpiry"
              label={t("purchasing.form.cardExpiry")}
              mask="00/00"
              placeholder={t("purchasing.form.cardExpiryPlaceholder")}
              autoComplete="cc-exp"
              error={errors.cardExpiry}
            />
            <MaskedField
              control={form.control}
              name="cardCvc"
              label={t("purchasing.form.cardCvc")}
              mask="000"
              placeholder="123"
              autoComplete="cc-csc"
              error={errors.cardCvc}
            />
            {values.method === "CREDIT" && (
              <Field label={t("purchasing.form.installments")}>
                <select {...form.register("installments")}>
                  {installmentOptions(total).map((option) => (
                    <option key={option.count} value={String(option.count)}>
                      {t("purchasing.form.installment", { count: option.count, value: formatReais(option.value) })}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </div>
        )}
      </fieldset>

      <div className="actions payment-actions">
        {missing ? (
          <p className="alert alert-warning" role="status">
            {t("purchasing.form.missingFields")}
          </p>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={busy || cepState === "looking"}>
            {t("purchasing.form.submit")}
          </button>
        )}
        <button type="button" className="btn btn-outline" disabled={!cancellable} onClick={onCancel}>
          {t("purchasing.cart.cancel")}
        </button>
      </div>
    </form>
  );
};
