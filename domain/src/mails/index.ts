export * from "./account-mails";
export * from "./lesson-mails";
