export * from "./audits-projector";
