import { FavoriteTeachers } from "./favorite-teachers";
import { PausedSeriesBanner } from "./paused-series-banner";

/** What the student's home shows of their teachers: a paused weekly series, then the favourite teachers. */
export const DirectoryHomeBlocks = () => (
  <>
    <PausedSeriesBanner />
    <FavoriteTeachers />
  </>
);
