import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/form/field";

interface NameAndEmail {
  firstName: string;
  lastName: string;
  email: string;
}

/** The first fields of every user form: first name, last name and e-mail. */
export const NameAndEmailFields = <Values extends NameAndEmail>({ form }: { form: UseFormReturn<Values> }) => {
  const { t } = useTranslation();
  // react-hook-form's types cannot narrow a form to some of its fields; Values holds these three.
  const { register, formState } = form as unknown as UseFormReturn<NameAndEmail>;
  const { errors } = formState;
  return (
    <>
      <Field label={t("gerencia.users.firstName")} error={errors.firstName}>
        <input {...register("firstName")} />
      </Field>
      <Field label={t("gerencia.users.lastName")} error={errors.lastName}>
        <input {...register("lastName")} />
      </Field>
      <Field label={t("gerencia.users.email")} error={errors.email}>
        <input type="email" {...register("email")} />
      </Field>
    </>
  );
};
