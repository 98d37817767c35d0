export const api = {};
