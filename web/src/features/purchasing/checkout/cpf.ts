/**
 * A CPF is eleven digits whose last two are check digits of the first nine and ten (weights 10..2, then
 * 11..2; remainder of ×10 by 11, 10 counting as 0). Eleven equal digits pass the sums and are still not
 * a CPF.
 */
export const isValidCpf = (text: string) => {
  const digits = text.replace(/\D/g, "");
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const checkDigit = (length: number) => {
    let sum = 0;
    for (let index = 0; index < length; index += 1) sum += Number(digits[index]) * (length + 1 - index);
    return ((sum * 10) % 11) % 10;
  };
  return checkDigit(9) === Number(digits[9]) && checkDigit(10) === Number(digits[10]);
};
