import { lessonSeriesProjector } from "./lesson-series-projector";

export * from "./lesson-series-projector";
export * from "./lesson-series-queries";

export const lessonSeriesProjectors = [lessonSeriesProjector];
