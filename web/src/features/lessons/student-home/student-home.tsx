import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LessonRowView } from "../../../components/lessons/lesson-list";
import { LessonSection } from "../../../components/lessons/lesson-section";
import { NextLessonReminder } from "../../../components/lessons/next-lesson-reminder";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { fetchLevels, fetchTrails } from "../../../lib/catalog/catalog-api";
import { useMyLessons } from "../../../lib/lessons/use-my-lessons";
import { useStudent } from "../../../lib/session/student-context";
import { useLivePush } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { fetchLastWithoutFeedback } from "../api/student-feedback";
import { PlacementInvitation } from "./placement-invitation";
import { SchedulePanel } from "./schedule-panel";
import { StudentFeedbackModal } from "./student-feedback-modal";
import { StudentLessonActions } from "./student-lesson-actions";

export const StudentHome = () => {
  const { t } = useTranslation();
  const { balance, trialCredits, levelId, objective } = useStudent();
  const { today, upcoming, finished, page, setPage, reload } = useMyLessons("student");
  const catalog = useResource(() => Promise.all([fetchLevels(), fetchTrails()]), "catalog");
  const prompt = useResource(fetchLastWithoutFeedback, "feedback-prompt");
  const [promptDone, setPromptDone] = useState(false);

  const section = {
    loadingText: t("student.lessons.loading"),
    counterpart: "teacher",
    actions: (view: LessonRowView) => <StudentLessonActions view={view} onChanged={reload} />,
  } as const;
  // A lesson cancelled by the back office leaves the lists (the credit comes back through balance:changed).
  useLivePush("lesson:cancelled", reload);

  return (
    <div className="student-home">
      <PlacementInvitation />
      {catalog.status === "loading" && <Loading />}
      {catalog.status === "failed" && <ErrorAlert error={catalog.error} />}
      {catalog.status === "ready" && (
        <SchedulePanel
          levels={catalog.data[0]}
          trails={catalog.data[1]}
          balance={balance}
          trialCredits={trialCredits}
          defaultLevelId={levelId}
          objective={objective}
          onScheduled={reload}
        />
      )}
      <LessonSection
        {...section}
        title={t("student.lessons.today")}
        lessons={today}
        emptyText={t("student.lessons.noneToday")}
      />
      <LessonSection
        {...section}
        title={t("student.lessons.upcoming")}
        lessons={upcoming}
        emptyText={t("student.lessons.none")}
      />
      <LessonSection
        {...section}
        title={t("student.lessons.finished")}
        lessons={finished}
        emptyText={t("student.lessons.none")}
        paging={{ page, onPage: setPage }}
      />
      {!(prompt.status === "ready" && prompt.data && !promptDone) && (
        <NextLessonReminder today={today} upcoming={upcoming} counterpart="teacher" />
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
