import { IMaskInput } from "react-imask";

/** Brazilian mobile number typed as (99)99999-9999 (spec section 5). */
export const PhoneInput = ({
  value,
  onChange,
  onBlur,
  name,
  id,
  ...aria
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) => (
  <IMaskInput
    mask="(00)00000-0000"
    type="tel"
    inputMode="tel"
    autoComplete="tel-national"
    placeholder="(11)91234-5678"
    id={id}
    name={name}
    value={value}
    onAccept={(accepted: string) => onChange(accepted)}
    onBlur={onBlur}
    {...aria}
  />
);
