import { type Control, Controller, type FieldError, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { Field } from "./field";
import { PhoneInput } from "./phone-input";

/** A labelled, masked phone input bound to a react-hook-form field holding the typed number. */
export const PhoneField = <Values extends FieldValues>({
  control,
  name,
  label,
  error,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  label: string;
  error?: Pick<FieldError, "message">;
}) => (
  <Field label={label} error={error}>
    {(aria) => (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <PhoneInput {...aria} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
        )}
      />
    )}
  </Field>
);
