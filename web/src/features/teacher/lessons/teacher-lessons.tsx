import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LessonDetailsModal } from "../../../components/lessons/lesson-details-modal";
import { LessonList, type LessonRowView } from "../../../components/lessons/lesson-list";
import { Pagination } from "../../../components/pagination/pagination";
import { ErrorAlert } from "../../../components/status/error-alert";
import { api } from "../../../lib/api";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { ALL_LESSONS, fetchMyLessons, LESSONS_PAGE_SIZE } from "../../../lib/lessons/lesson-view";
import { type Resource, useResource } from "../../../lib/use-resource";
import { TeacherFeedbackModal } from "../feedback/teacher-feedback-modal";

const PAGE_BUTTONS = 20;

const TeacherLessonActions = ({ view, onChanged }: { view: LessonRowView; onChanged: () => void }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"details" | "feedback" | null>(null);
  const { lesson, state } = view;
  return (
    <>
      <button type="button" className="btn btn-small btn-outline" onClick={() => setOpen("details")}>
        {t("lessons.actions.details")}
      </button>
      {state === "accepted" && lesson.meetUrl && (
        <a className="btn btn-small btn-secondary" href={lesson.meetUrl} target="_blank" rel="noreferrer">
          {t("lessons.actions.join")}
        </a>
      )}
      {state === "held" && (
        <button type="button" className="btn btn-small btn-primary" onClick={() => setOpen("feedback")}>
          {t("lessons.actions.feedback")}
        </button>
      )}
      {open === "details" && <LessonDetailsModal lesson={lesson} state={state} onClose={() => setOpen(null)} />}
      {open === "feedback" && (
        <TeacherFeedbackModal
          lesson={lesson}
          prompted={false}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onChanged();
          }}
        />
      )}
    </>
  );
};

const Section = ({
  title,
  lessons,
  onChanged,
}: {
  title: string;
  lessons: Resource<{ lessons: LessonCard[] }>;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <section className="area-section" aria-label={title}>
      <h2>{title}</h2>
      {lessons.status === "loading" && <p role="status">{t("teacher.lessons.loading")}</p>}
      {lessons.status === "failed" && <ErrorAlert error={lessons.error} />}
      {lessons.status === "ready" &&
        (lessons.data.lessons.length === 0 ? (
          <p className="alert alert-warning" role="status">
            {t("teacher.lessons.none")}
          </p>
        ) : (
          <LessonList
            caption={title}
            lessons={lessons.data.lessons}
            counterpart="student"
            actions={(view) => <TeacherLessonActions view={view} onChanged={onChanged} />}
          />
        ))}
    </section>
  );
};

/** The teacher's prompt: the last lesson held more than an hour ago without their report. */
const fetchLastWithoutReport = async (): Promise<LessonCard | null> => {
  const body = await api.get<{
    id: number;
    date: string;
    objective: string;
    trail: { number: number; title: string };
    level: { name: string };
    student: { firstName: string; lastName: string | null };
    lesson: { meetUrl: string; teacher: { firstName: string; lastName: string | null } } | null;
  } | null>("api/schedulings/authenticatedUser/lastWithoutFeedback");
  if (!body) return null;
  return {
    id: body.id,
    date: body.date,
    trail: body.trail,
    levelName: body.level.name,
    objective: body.objective,
    teacherName: body.lesson ? body.lesson.teacher.firstName : null,
    studentName: [body.student.firstName, body.student.lastName].filter(Boolean).join(" "),
    meetUrl: body.lesson?.meetUrl ?? null,
    feedbackGiven: false,
  };
};

/** Suas aulas: today's and upcoming lessons of this teacher, then the ones held (5 a page). */
export const TeacherLessons = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const today = useResource(() => fetchMyLessons("teacher", { period: "today", size: ALL_LESSONS }), "today");
  const upcoming = useResource(() => fetchMyLessons("teacher", { period: "upcoming", size: ALL_LESSONS }), "upcoming");
  const finished = useResource(() => fetchMyLessons("teacher", { period: "finished", page }), `finished:${page}`);
  const prompt = useResource(fetchLastWithoutReport, "report-prompt");
  const [promptDone, setPromptDone] = useState(false);
  const reload = () => {
    today.reload();
    upcoming.reload();
    finished.reload();
  };
  return (
    <div>
      <Section title={t("teacher.lessons.today")} lessons={today} onChanged={reload} />
      <Section title={t("teacher.lessons.upcoming")} lessons={upcoming} onChanged={reload} />
      <Section title={t("teacher.lessons.finished")} lessons={finished} onChanged={reload} />
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
        <TeacherFeedbackModal
          lesson={prompt.data}
          prompted
          onClose={() => setPromptDone(true)}
          onDone={() => {
            setPromptDone(true);
            reload();
          }}
        />
      )}
    </div>
  );
};
