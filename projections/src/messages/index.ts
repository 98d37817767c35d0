export * from "./message-digests";
export * from "./messages-projector";
export * from "./messages-queries";
