export * from "./audits-projector";
export * from "./forget-sign-ins";
