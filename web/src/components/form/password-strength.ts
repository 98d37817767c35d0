const CLASSES = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u];

/**
 * Spec section 5: 2 points per character, 1 more from 10 characters, 10 per class of character present
 * (lower, upper, digit, symbol); capped at 10 when 6 characters or fewer or a single class, at 20 with
 * two classes, at 40 with three.
 */
export const passwordScore = (password: string) => {
  const length = [...password].length;
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  let score = 2 * length + (length >= 10 ? 1 : 0) + 10 * classes;
  if (length <= 6 || classes === 1) score = Math.min(score, 10);
  if (classes === 2) score = Math.min(score, 20);
  if (classes === 3) score = Math.min(score, 40);
  return score;
};

/** 1 to 5: up to 10, 20, 30, 40, above. */
export const strengthLevel = (score: number) => {
  if (score <= 10) return 1;
  if (score <= 20) return 2;
  if (score <= 30) return 3;
  if (score <= 40) return 4;
  return 5;
};
