import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/form/field";
import { PasswordStrengthBar } from "../../../components/form/password-strength-bar";

interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}

/** The new password, its strength and its confirmation, in a form holding at least those two fields. */
export const NewPasswordFields = <Values extends NewPassword>({ form }: { form: UseFormReturn<Values> }) => {
  const { t } = useTranslation();
  // react-hook-form's types cannot narrow a form to some of its fields; Values holds these two.
  const { register, watch, formState } = form as unknown as UseFormReturn<NewPassword>;
  const { errors } = formState;
  return (
    <>
      <Field label={t("global.form.newpassword")} error={errors.newPassword}>
        <input type="password" autoComplete="new-password" {...register("newPassword")} />
      </Field>
      <PasswordStrengthBar password={watch("newPassword")} />
      <Field label={t("global.form.confirmpassword")} error={errors.confirmPassword}>
        <input type="password" autoComplete="new-password" {...register("confirmPassword")} />
      </Field>
    </>
  );
};
