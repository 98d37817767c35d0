export * from "./availability-queries";
export * from "./teacher-availability";
