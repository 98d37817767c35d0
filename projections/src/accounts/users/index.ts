export * from "./teacher-applications";
export * from "./users-projector";
export * from "./users-queries";
