/**
 * Numbers written as pt-BR or en-US write them, without `Intl.NumberFormat`: the first number format a page
 * creates (or `toLocaleString`) sets up ICU's number data, some 50 ms of main thread on this machine and four
 * times that on a phone, which the landing page cannot spend before it answers a tap. The output is Intl's
 * for numbers whose rounded digits fit a safe integer (prices, percentages, ratings): rounded half away from
 * zero on the number's shortest decimal form, digits grouped by three. Others go to Intl.
 */
const SEPARATORS = { "pt-BR": { group: ".", decimal: "," }, "en-US": { group: ",", decimal: "." } } as const;

export type DecimalLocale = keyof typeof SEPARATORS;

export interface DecimalDigits {
  /** Decimals always shown (zeros added); 0 by default. */
  minimumFractionDigits?: number;
  /** Decimals at most (rounded); 3 by default, as Intl. */
  maximumFractionDigits?: number;
}

/** |value| rounded to `fraction` decimals and scaled by 10^fraction: exact decimal shifting, no multiplication. */
const scaled = (magnitude: number, fraction: number) => {
  const [mantissa, exponent = "0"] = String(magnitude).split("e");
  return Math.round(Number(`${mantissa}e${Number(exponent) + fraction}`));
};

export const formatDecimal = (value: number, locale: DecimalLocale, options: DecimalDigits = {}): string => {
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = Math.max(minimum, options.maximumFractionDigits ?? 3);
  const rounded = Number.isFinite(value) ? scaled(Math.abs(value), maximum) : Number.NaN;
  if (!Number.isSafeInteger(rounded))
    return value.toLocaleString(locale, { minimumFractionDigits: minimum, maximumFractionDigits: maximum });
  const { group, decimal } = SEPARATORS[locale];
  const digits = String(rounded).padStart(maximum + 1, "0");
  const whole = digits.slice(0, digits.length - maximum);
  const fraction = digits.slice(digits.length - maximum).replace(new RegExp(`0{0,${maximum - minimum}}$`), "");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, group)}${fraction ? `${decimal}${fraction}` : ""}`;
};
