import type { RouteObject } from "react-router-dom";
import { RenamedPath } from "../../components/renamed-path";
import { lazyPage } from "../../lib/lazy-page";

const LevelDeleteModal = lazyPage(() => import("./levels/level-delete-modal").then((m) => m.LevelDeleteModal));
const LevelDetailPage = lazyPage(() => import("./levels/level-detail-page").then((m) => m.LevelDetailPage));
const MaterialDetailPage = lazyPage(() => import("./materials/material-detail-page").then((m) => m.MaterialDetailPage));
const LevelFormPage = lazyPage(() => import("./levels/level-form-page").then((m) => m.LevelFormPage));
const LevelsPage = lazyPage(() => import("./levels/levels-page").then((m) => m.LevelsPage));
const MaterialDeleteModal = lazyPage(() =>
  import("./materials/material-delete-modal").then((m) => m.MaterialDeleteModal),
);
const MaterialFormPage = lazyPage(() => import("./materials/material-form-page").then((m) => m.MaterialFormPage));
const MaterialsPage = lazyPage(() => import("./materials/materials-page").then((m) => m.MaterialsPage));
const PendingLessonsPage = lazyPage(() =>
  import("./schedulings/pending-lessons-page").then((m) => m.PendingLessonsPage),
);
const SchedulingDeleteModal = lazyPage(() =>
  import("./schedulings/scheduling-delete-modal").then((m) => m.SchedulingDeleteModal),
);
const SchedulingDetailPage = lazyPage(() =>
  import("./schedulings/scheduling-detail-page").then((m) => m.SchedulingDetailPage),
);

/** The catalogue sections of /gerencia (levels, materials, pending lessons), handed to `adminRoutes`. */
export const adminCatalogSections: RouteObject[] = [
  {
    path: "niveis",
    element: <LevelsPage />,
    children: [{ path: ":id/delete", element: <LevelDeleteModal /> }],
  },
  { path: "niveis/new", element: <LevelFormPage /> },
  { path: "niveis/:id", element: <LevelDetailPage /> },
  { path: "niveis/:id/edit", element: <LevelFormPage /> },
  {
    path: "materiais",
    element: <MaterialsPage />,
    children: [{ path: ":id/delete", element: <MaterialDeleteModal /> }],
  },
  { path: "materiais/new", element: <MaterialFormPage /> },
  { path: "materiais/:id", element: <MaterialDetailPage /> },
  { path: "materiais/:id/edit", element: <MaterialFormPage /> },
  {
    path: "agendamento",
    element: <PendingLessonsPage />,
    children: [{ path: ":id/delete", element: <SchedulingDeleteModal /> }],
  },
  { path: "agendamento/:id", element: <SchedulingDetailPage /> },
  // The spec's English names of these sections (and "/gerencia/material", where some of its screens close to).
  ...[
    { path: "niveis", english: "level" },
    { path: "materiais", english: "material" },
    { path: "agendamento", english: "scheduling" },
  ].map(({ path, english }) => ({
    path: `${english}/*`,
    element: <RenamedPath from={`/gerencia/${english}`} to={`/gerencia/${path}`} />,
  })),
];
