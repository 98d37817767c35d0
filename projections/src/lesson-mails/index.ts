export * from "./lesson-mails";
