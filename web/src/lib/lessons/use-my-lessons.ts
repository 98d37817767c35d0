import { useCallback, useEffect, useState } from "react";
import { keptOffline } from "../offline-snapshot";
import { useLiveFeed } from "../socket";
import { useResource } from "../use-resource";
import { ALL_LESSONS, fetchMyLessons, type LessonViewer } from "./lesson-view";

/**
 * The signed-in user's lessons of today and the upcoming ones whole, the finished ones a page at a time;
 * `reload` refetches all three, as anything that changes one lesson may move it between them. They are
 * also refetched when the live connection comes back without the server's recovery, since a claim or a
 * cancellation pushed while it was down is lost.
 */
export const useMyLessons = (viewer: LessonViewer) => {
  const [page, setPage] = useState(0);
  // Today's and the next lessons are kept for the home offline; the finished ones are not needed there.
  const today = useResource(
    keptOffline(`${viewer}-today`, () => fetchMyLessons(viewer, { period: "today", size: ALL_LESSONS })),
    "today",
  );
  const upcoming = useResource(
    keptOffline(`${viewer}-upcoming`, () => fetchMyLessons(viewer, { period: "upcoming", size: ALL_LESSONS })),
    "upcoming",
  );
  const finished = useResource(() => fetchMyLessons(viewer, { period: "finished", page }), `finished:${page}`);
  const { reload: reloadToday } = today;
  const { reload: reloadUpcoming } = upcoming;
  const { reload: reloadFinished } = finished;
  const reload = useCallback(() => {
    reloadToday();
    reloadUpcoming();
    reloadFinished();
  }, [reloadToday, reloadUpcoming, reloadFinished]);
  const feed = useLiveFeed();
  useEffect(() => feed?.onReconnect(reload), [feed, reload]);
  return { today, upcoming, finished, page, setPage, reload };
};
