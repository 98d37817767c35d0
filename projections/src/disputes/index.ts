export * from "./dispute-mails";
export * from "./disputes-projector";
export * from "./disputes-queries";
