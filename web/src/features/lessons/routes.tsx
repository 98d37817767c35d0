import type { RouteObject } from "react-router-dom";
import { RenamedPath } from "../../components/renamed-path";
import { lazyPage } from "../../lib/lazy-page";

const BoardPage = lazyPage(() => import("./board/board-page").then((m) => m.BoardPage));
const LessonControlPage = lazyPage(() =>
  import("./lesson-control/lesson-control-page").then((m) => m.LessonControlPage),
);
const LessonDeleteModal = lazyPage(() =>
  import("./lesson-control/lesson-delete-modal").then((m) => m.LessonDeleteModal),
);
const LessonUnassignModal = lazyPage(() =>
  import("./lesson-control/lesson-unassign-modal").then((m) => m.LessonUnassignModal),
);
const LessonDetailPage = lazyPage(() => import("./lesson-control/lesson-detail-page").then((m) => m.LessonDetailPage));
const LessonFormPage = lazyPage(() => import("./lesson-form/lesson-form-page").then((m) => m.LessonFormPage));
const PendingLessonsPage = lazyPage(() =>
  import("./schedulings/pending-lessons-page").then((m) => m.PendingLessonsPage),
);
const SchedulingDeleteModal = lazyPage(() =>
  import("./schedulings/scheduling-delete-modal").then((m) => m.SchedulingDeleteModal),
);
const SchedulingDetailPage = lazyPage(() =>
  import("./schedulings/scheduling-detail-page").then((m) => m.SchedulingDetailPage),
);
const HistoryPage = lazyPage(() => import("./history/history-page").then((m) => m.HistoryPage));
const HistoryDetailPage = lazyPage(() => import("./history/history-detail-page").then((m) => m.HistoryDetailPage));
const FeedbacksPage = lazyPage(() => import("./feedbacks/feedbacks-page").then((m) => m.FeedbacksPage));
const FeedbackDetailPage = lazyPage(() => import("./feedbacks/feedback-detail-page").then((m) => m.FeedbackDetailPage));
const FeedbackFormPage = lazyPage(() => import("./feedbacks/feedback-form-page").then((m) => m.FeedbackFormPage));
const FeedbackDeleteModal = lazyPage(() =>
  import("./feedbacks/feedback-delete-modal").then((m) => m.FeedbackDeleteModal),
);
const PaymentsPage = lazyPage(() => import("./payments/payments-page").then((m) => m.PaymentsPage));
const PaymentDetailPage = lazyPage(() => import("./payments/payment-detail-page").then((m) => m.PaymentDetailPage));
const PaymentDeleteModal = lazyPage(() => import("./payments/payment-delete-modal").then((m) => m.PaymentDeleteModal));

/** A section's English name (spec section 2) leading to its Portuguese path inside /gerencia. */
const englishPath = (path: string, english: string): RouteObject => ({
  path: `${english}/*`,
  element: <RenamedPath from={`/gerencia/${english}`} to={`/gerencia/${path}`} />,
});

/** Lesson control, /gerencia/aula: the list, Criar aula, a lesson's page and the edit form, handed to `adminRoutes`. */
export const lessonControlSections: RouteObject[] = [
  {
    path: "aula",
    element: <LessonControlPage />,
    children: [
      { path: ":id/delete", element: <LessonDeleteModal /> },
      { path: ":id/unassign", element: <LessonUnassignModal /> },
    ],
  },
  { path: "aula/new", element: <LessonFormPage /> },
  { path: "aula/:id", element: <LessonDetailPage /> },
  { path: "aula/:id/edit", element: <LessonFormPage /> },
];

/** The live lesson board, a /gerencia section handed to `adminRoutes`. */
export const boardSections: RouteObject[] = [{ path: "quadro", element: <BoardPage /> }];

/** The pending lessons section of /gerencia (/gerencia/agendamento), handed to `adminRoutes`. */
export const pendingLessonSections: RouteObject[] = [
  {
    path: "agendamento",
    element: <PendingLessonsPage />,
    children: [{ path: ":id/delete", element: <SchedulingDeleteModal /> }],
  },
  { path: "agendamento/:id", element: <SchedulingDetailPage /> },
  englishPath("agendamento", "scheduling"),
];

/** The records of given lessons: each section's Portuguese path, and its English name. */
const RECORDS = [
  { path: "historico", english: "lesson-history" },
  { path: "pagamento", english: "payment" },
  { path: "feedback-aluno", english: "student-feedback" },
  { path: "feedback-professor", english: "teacher-feedback" },
] as const;

const feedbackRoutes = (kind: "student" | "teacher", path: string): RouteObject[] => [
  {
    path,
    element: <FeedbacksPage kind={kind} />,
    children: [{ path: ":id/delete", element: <FeedbackDeleteModal kind={kind} /> }],
  },
  { path: `${path}/:id`, element: <FeedbackDetailPage kind={kind} /> },
  { path: `${path}/:id/edit`, element: <FeedbackFormPage kind={kind} /> },
];

/**
 * The lesson history, teacher payments and both feedback lists of /gerencia, handed to `adminRoutes`,
 * with their English names leading to the Portuguese paths.
 */
export const lessonRecordSections: RouteObject[] = [
  { path: "historico", element: <HistoryPage /> },
  { path: "historico/:id", element: <HistoryDetailPage /> },
  {
    path: "pagamento",
    element: <PaymentsPage />,
    children: [{ path: ":id/delete", element: <PaymentDeleteModal /> }],
  },
  { path: "pagamento/:id", element: <PaymentDetailPage /> },
  ...feedbackRoutes("student", "feedback-aluno"),
  ...feedbackRoutes("teacher", "feedback-professor"),
  ...RECORDS.map(({ path, english }) => englishPath(path, english)),
];

/** The slash-less reading of spec section 2 (`/gerencialesson-history`), leading into /gerencia. */
export const lessonRecordRenamedPaths: RouteObject[] = RECORDS.map(({ path, english }) => ({
  path: `gerencia${english}/*`,
  element: <RenamedPath from={`/gerencia${english}`} to={`/gerencia/${path}`} />,
}));
