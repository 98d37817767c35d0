export * from "./placement-test";
export * from "./placement-views";
export * from "./question-bank";
