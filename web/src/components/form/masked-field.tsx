import type { HTMLAttributes } from "react";
import { type Control, Controller, type FieldError, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { IMaskInput } from "react-imask";
import { Field } from "./field";

/** A labelled input typed through a mask (`0` a digit), bound to a react-hook-form field holding the masked text. */
export const MaskedField = <Values extends FieldValues>({
  control,
  name,
  label,
  mask,
  placeholder,
  error,
  type,
  inputMode = "numeric",
  autoComplete,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  label: string;
  mask: string;
  placeholder?: string;
  error?: Pick<FieldError, "message">;
  type?: "tel";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
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
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
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
