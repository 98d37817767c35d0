export * from "./purchases";
