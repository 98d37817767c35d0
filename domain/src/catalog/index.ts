export * from "./catalog-requests";
export * from "./catalog-views";
export * from "./item-package";
export * from "./level";
export * from "./material";
export * from "./seed-catalog";
export * from "./trail";
