export * from "./users-projector";
export * from "./users-queries";
