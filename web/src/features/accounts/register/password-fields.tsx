import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/form/field";

interface PasswordAndConfirmation {
  password: string;
  confirmPassword: string;
}

/** The student's password and its confirmation, asked by step 1 or, after a social sign-in, by step 2. */
export const PasswordFields = <Values extends PasswordAndConfirmation>({ form }: { form: UseFormReturn<Values> }) => {
  const { t } = useTranslation();
  // react-hook-form's types cannot narrow a form to some of its fields; Values holds these two.
  const { register, formState } = form as unknown as UseFormReturn<PasswordAndConfirmation>;
  const { errors } = formState;
  return (
    <>
      <Field label={t("register.form.password")} error={errors.password}>
        <input type="password" autoComplete="new-password" {...register("password")} />
      </Field>
      <Field label={t("register.form.confirmPassword")} error={errors.confirmPassword}>
        <input type="password" autoComplete="new-password" {...register("confirmPassword")} />
      </Field>
    </>
  );
};
