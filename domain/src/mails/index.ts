export * from "./account-mails";
export * from "./availability-mails";
export * from "./lesson-mails";
