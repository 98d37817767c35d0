export * from "./lesson-meetings";
