import { isReportable } from "@el/domain/disputes/dispute";
import type { SchedulingView } from "@el/domain/lessons/scheduling-view";
import { fullName } from "@el/domain/shared/full-name";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CalendarFeedPanel } from "../../../components/calendar/calendar-feed-panel";
import { MailPreferencesPanel } from "../../../components/calendar/mail-preferences-panel";
import type { LessonRowView } from "../../../components/lessons/lesson-list";
import { LessonDetailsAndJoin } from "../../../components/lessons/lesson-row-actions";
import { LessonSection } from "../../../components/lessons/lesson-section";
import { NextLessonReminder } from "../../../components/lessons/next-lesson-reminder";
import { PushNotificationsPanel } from "../../../components/push/push-notifications-panel";
import { api } from "../../../lib/api";
import type { LessonCard } from "../../../lib/lessons/lesson-card";
import { useMyLessons } from "../../../lib/lessons/use-my-lessons";
import { useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { TeacherFeedbackModal } from "../teacher-feedback/teacher-feedback-modal";

const TeacherLessonActions = ({ view, onChanged }: { view: LessonRowView; onChanged: () => void }) => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState(false);
  return (
    <>
      <LessonDetailsAndJoin view={view} />
      {view.state !== "pending" && Date.parse(view.lesson.date) <= Date.now() && (
        <Link className="btn btn-small btn-outline" to={`/teacher/aulas/${view.lesson.id}/relatorio`}>
          {t("lessons.actions.writeReport")}
        </Link>
      )}
      {(view.state === "held" || view.state === "feedbackGiven") && isReportable(view.lesson.date, new Date()) && (
        <Link className="btn btn-small btn-outline" to={`/disputas/relatar/${view.lesson.id}`}>
          {t("lessons.actions.reportProblem")}
        </Link>
      )}
      {view.state === "held" && (
        <button type="button" className="btn btn-small btn-primary" onClick={() => setFeedback(true)}>
          {t("lessons.actions.feedback")}
        </button>
      )}
      {feedback && (
        <TeacherFeedbackModal
          lesson={view.lesson}
          prompted={false}
          onClose={() => setFeedback(false)}
          onDone={() => {
            setFeedback(false);
            onChanged();
          }}
        />
      )}
    </>
  );
};

/** The teacher's prompt: the last lesson held more than an hour ago without their report. */
const fetchLastWithoutReport = async (): Promise<LessonCard | null> => {
  const body = await api.get<SchedulingView | null>("api/schedulings/authenticatedUser/lastWithoutFeedback");
  if (!body) return null;
  return {
    id: body.id,
    date: body.date,
    trail: body.trail,
    levelName: body.level.name,
    objective: body.objective,
    teacherName: body.lesson ? body.lesson.teacher.firstName : null,
    studentName: fullName(body.student),
    meetUrl: body.lesson?.meetUrl ?? null,
    feedbackGiven: false,
  };
};

/** Suas aulas: today's and upcoming lessons of this teacher, then the ones held (5 a page). */
export const TeacherLessons = () => {
  const { t } = useTranslation();
  const { today, upcoming, finished, page, setPage, reload } = useMyLessons("teacher");
  const prompt = useResource(fetchLastWithoutReport, "report-prompt");
  // A claimed lesson the student or the back office cancels leaves the teacher's lists at once.
  useLivePush("lesson:cancelled", reload);
  // A lesson a student books straight into the teacher's free hours joins their lists at once.
  useLivePush("lesson:booked", reload);
  const [promptDone, setPromptDone] = useState(false);
  const section = {
    loadingText: t("teacher.lessons.loading"),
    emptyText: t("teacher.lessons.none"),
    counterpart: "student",
    actions: (view: LessonRowView) => <TeacherLessonActions view={view} onChanged={reload} />,
  } as const;
  return (
    <div>
      <LessonSection {...section} title={t("teacher.lessons.today")} lessons={today} />
      <LessonSection {...section} title={t("teacher.lessons.upcoming")} lessons={upcoming} />
      <LessonSection
        {...section}
        title={t("teacher.lessons.finished")}
        lessons={finished}
        paging={{ page, onPage: setPage }}
      />
      {!(prompt.status === "ready" && prompt.data && !promptDone) && (
        <NextLessonReminder today={today} upcoming={upcoming} counterpart="student" />
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
      <CalendarFeedPanel />
      <MailPreferencesPanel />
      <PushNotificationsPanel />
    </div>
  );
};
