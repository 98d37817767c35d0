export * from "./lesson-control/lesson-control-queries";
export * from "./lesson-feedbacks/lesson-feedbacks-projector";
export * from "./lesson-feedbacks/lesson-feedbacks-queries";
export * from "./lesson-schedulings/lesson-history-queries";
export * from "./lesson-schedulings/lesson-schedulings-projector";
export * from "./lesson-schedulings/lesson-schedulings-queries";
export * from "./lesson-schedulings/payments-queries";
export * from "./lesson-schedulings/scheduling-of-lesson";
