import type { ReactNode } from "react";
import type { LessonCard } from "../../lib/lessons/lesson-card";
import { LESSONS_PAGE_SIZE } from "../../lib/lessons/lesson-view";
import type { Resource } from "../../lib/use-resource";
import { Pagination } from "../pagination/pagination";
import { ErrorAlert } from "../status/error-alert";
import { LessonList, type LessonRowView } from "./lesson-list";

/** Spec section 9: past lessons 5 a page, up to 20 page buttons. */
const PAGE_BUTTONS = 20;

/**
 * One period of the signed-in user's lessons as a titled table, or a line saying there are none; with
 * `paging`, the page buttons follow it.
 */
export const LessonSection = ({
  title,
  lessons,
  loadingText,
  emptyText,
  counterpart,
  actions,
  paging,
}: {
  title: string;
  lessons: Resource<{ lessons: LessonCard[]; total: number }>;
  loadingText: string;
  emptyText: string;
  counterpart: "teacher" | "student";
  actions: (view: LessonRowView) => ReactNode;
  paging?: { page: number; onPage: (page: number) => void };
}) => (
  <>
    <section className="area-section" aria-label={title}>
      <h2>{title}</h2>
      {lessons.status === "loading" && <p role="status">{loadingText}</p>}
      {lessons.status === "failed" && <ErrorAlert error={lessons.error} />}
      {lessons.status === "ready" &&
        (lessons.data.lessons.length === 0 ? (
          <p className="alert alert-warning" role="status">
            {emptyText}
          </p>
        ) : (
          <LessonList caption={title} lessons={lessons.data.lessons} counterpart={counterpart} actions={actions} />
        ))}
    </section>
    {paging && lessons.status === "ready" && (
      <Pagination
        page={paging.page}
        totalItems={lessons.data.total}
        pageSize={LESSONS_PAGE_SIZE}
        maxButtons={PAGE_BUTTONS}
        onPage={paging.onPage}
      />
    )}
  </>
);
