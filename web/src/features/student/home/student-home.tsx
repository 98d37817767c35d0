import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LessonList } from "../../../components/lessons/lesson-list";
import { Pagination } from "../../../components/pagination/pagination";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { fetchLevels, fetchTrails } from "../../../lib/catalog/catalog-api";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { ALL_LESSONS, fetchMyLessons, LESSONS_PAGE_SIZE } from "../../../lib/lessons/lesson-view";
import { useLivePush } from "../../../lib/socket";
import { type Resource, useResource } from "../../../lib/use-resource";
import { fetchLastWithoutFeedback } from "../api/student-feedback";
import { useStudent } from "../student-context";
import { SchedulePanel } from "./schedule-panel";
import { StudentFeedbackModal } from "./student-feedback-modal";
import { StudentLessonActions } from "./student-lesson-actions";

/** Spec section 9: past lessons 5 a page, up to 20 page buttons. */
const PAGE_BUTTONS = 20;

const LessonSection = ({
  title,
  lessons,
  empty,
  onChanged,
}: {
  title: string;
  lessons: Resource<LessonCard[]>;
  empty: string;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <section className="area-section" aria-label={title}>
      <h2>{title}</h2>
      {lessons.status === "loading" && <p role="status">{t("student.lessons.loading")}</p>}
      {lessons.status === "failed" && <ErrorAlert error={lessons.error} />}
      {lessons.status === "ready" &&
        (lessons.data.length === 0 ? (
          <p className="alert alert-warning" role="status">
            {empty}
          </p>
        ) : (
          <LessonList
            caption={title}
            lessons={lessons.data}
            counterpart="teacher"
            actions={(view) => <StudentLessonActions view={view} onChanged={onChanged} />}
          />
        ))}
    </section>
  );
};

const lessonsOnly = (resource: Resource<{ lessons: LessonCard[] }>): Resource<LessonCard[]> =>
  resource.status === "ready" ? { ...resource, data: resource.data.lessons } : resource;

export const StudentHome = () => {
  const { t } = useTranslation();
  const { balance, levelId, objective } = useStudent();
  const todays = useResource(() => fetchMyLessons("student", { period: "today", size: ALL_LESSONS }), "today");
  const upcoming = useResource(() => fetchMyLessons("student", { period: "upcoming", size: ALL_LESSONS }), "upcoming");
  const [page, setPage] = useState(0);
  const finished = useResource(() => fetchMyLessons("student", { period: "finished", page }), `finished:${page}`);
  const catalog = useResource(() => Promise.all([fetchLevels(), fetchTrails()]), "catalog");
  const prompt = useResource(fetchLastWithoutFeedback, "feedback-prompt");
  const [promptDone, setPromptDone] = useState(false);

  const reload = () => {
    todays.reload();
    upcoming.reload();
    finished.reload();
  };
  // A lesson cancelled by the back office leaves the lists (the credit comes back through balance:changed).
  useLivePush("lesson:cancelled", reload);

  return (
    <div className="student-home">
      {catalog.status === "loading" && <Loading />}
      {catalog.status === "failed" && <ErrorAlert error={catalog.error} />}
      {catalog.status === "ready" && (
        <SchedulePanel
          levels={catalog.data[0]}
          trails={catalog.data[1]}
          balance={balance}
          defaultLevelId={levelId}
          objective={objective}
          onScheduled={reload}
        />
      )}
      <LessonSection
        title={t("student.lessons.today")}
        lessons={lessonsOnly(todays)}
        empty={t("student.lessons.noneToday")}
        onChanged={reload}
      />
      <LessonSection
        title={t("student.lessons.upcoming")}
        lessons={lessonsOnly(upcoming)}
        empty={t("student.lessons.none")}
        onChanged={reload}
      />
      <LessonSection
        title={t("student.lessons.finished")}
        lessons={lessonsOnly(finished)}
        empty={t("student.lessons.none")}
        onChanged={reload}
      />
      {finished.status === "ready" && (
        <Pagination
          page={page}
          totalItems={finished.data.total}
          pageSize={LESSONS_PAGE_SIZE}
          maxButtons={PAGE_BUTTONS}
          onPage={setPage}
        />
      )}
      {prompt.status === "ready" && prompt.data && !promptDone && (
        <StudentFeedbackModal
          lesson={prompt.data}
          onDone={() => {
            setPromptDone(true);
            reload();
          }}
        />
      )}
    </div>
  );
};
