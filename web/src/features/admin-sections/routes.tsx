import type { RouteObject } from "react-router-dom";
import { RenamedPath } from "../../components/renamed-path";
import { lazyPage } from "../../lib/lazy-page";

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
const TrailsPage = lazyPage(() => import("./trails/trails-page").then((m) => m.TrailsPage));
const TrailDetailPage = lazyPage(() => import("./trails/trail-detail-page").then((m) => m.TrailDetailPage));
const TrailFormPage = lazyPage(() => import("./trails/trail-form-page").then((m) => m.TrailFormPage));
const TrailDeleteModal = lazyPage(() => import("./trails/trail-delete-modal").then((m) => m.TrailDeleteModal));

/** Each section's Portuguese path, and the English name spec section 2 also builds it with. */
const SECTIONS = [
  { path: "historico", english: "lesson-history" },
  { path: "pagamento", english: "payment" },
  { path: "trilha", english: "trail" },
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
 * The back office's other sections (lesson history, teacher payments, trails, student and teacher
 * feedback), handed to `adminRoutes`, with their English names leading to the Portuguese paths.
 */
export const adminSections: RouteObject[] = [
  { path: "historico", element: <HistoryPage /> },
  { path: "historico/:id", element: <HistoryDetailPage /> },
  {
    path: "pagamento",
    element: <PaymentsPage />,
    children: [{ path: ":id/delete", element: <PaymentDeleteModal /> }],
  },
  { path: "pagamento/:id", element: <PaymentDetailPage /> },
  {
    path: "trilha",
    element: <TrailsPage />,
    children: [{ path: ":id/delete", element: <TrailDeleteModal /> }],
  },
  { path: "trilha/new", element: <TrailFormPage /> },
  { path: "trilha/:id", element: <TrailDetailPage /> },
  { path: "trilha/:id/edit", element: <TrailFormPage /> },
  ...feedbackRoutes("student", "feedback-aluno"),
  ...feedbackRoutes("teacher", "feedback-professor"),
  ...SECTIONS.map(({ path, english }) => ({
    path: `${english}/*`,
    element: <RenamedPath from={`/gerencia/${english}`} to={`/gerencia/${path}`} />,
  })),
];

/** The slash-less reading of spec section 2 (`/gerencialesson-history`), leading into /gerencia. */
export const adminSectionsRenamedPaths: RouteObject[] = SECTIONS.map(({ path, english }) => ({
  path: `gerencia${english}/*`,
  element: <RenamedPath from={`/gerencia${english}`} to={`/gerencia/${path}`} />,
}));
