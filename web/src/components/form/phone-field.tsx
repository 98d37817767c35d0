import type { Control, FieldError, FieldPathByValue, FieldValues } from "react-hook-form";
import { MaskedField } from "./masked-field";

/** A labelled Brazilian mobile number typed as (99)99999-9999 (spec section 5), bound to a react-hook-form field. */
export const PhoneField = <Values extends FieldValues>(props: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  label: string;
  error?: Pick<FieldError, "message">;
}) => (
  <MaskedField
    {...props}
    mask="(00)00000-0000"
    type="tel"
    inputMode="tel"
    autoComplete="tel-national"
    placeholder="(11)91234-5678"
  />
);
