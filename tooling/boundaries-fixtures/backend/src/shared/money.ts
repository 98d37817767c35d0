export const money = (cents: number) => cents / 100;
