export * from "./lesson-mails";
export * from "./account-mails";
