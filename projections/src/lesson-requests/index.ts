export * from "./lesson-requests-projector";
export * from "./lesson-requests-queries";
export * from "./request-mails";
export * from "./request-of-lesson";
