export * from "./teacher-profiles";
