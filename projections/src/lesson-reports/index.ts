export * from "./lesson-reports-projector";
export * from "./lesson-reports-queries";
export * from "./progress-lessons-projector";
export * from "./progress-of-student";
