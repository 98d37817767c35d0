import { type Control, Controller, type FieldError, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { IMaskInput } from "react-imask";
import { Field } from "../../../components/form/field";

/** A labelled input typed through a mask (`0` a digit), bound to a react-hook-form field holding the masked text. */
export const MaskedField = <Values extends FieldValues>({
  control,
  name,
  label,
  mask,
  placeholder,
  error,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  label: string;
  mask: string;
  placeholder?: string;
  error?: Pick<FieldError, "message">;
}) => (
  <Field label={label} error={error}>
    {(aria) => (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <IMaskInput
            {...aria}
            mask={mask}
            inputMode="numeric"
            placeholder={placeholder}
            name={field.name}
            value={field.value}
            onAccept={(accepted: string) => field.onChange(accepted)}
            onBlur={field.onBlur}
          />
        )}
      />
    )}
  </Field>
);
