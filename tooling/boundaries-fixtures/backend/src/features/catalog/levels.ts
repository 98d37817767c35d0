export const levels = [];
