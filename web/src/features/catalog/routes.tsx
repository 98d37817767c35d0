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
const TrailsPage = lazyPage(() => import("./trails/trails-page").then((m) => m.TrailsPage));
const TrailDetailPage = lazyPage(() => import("./trails/trail-detail-page").then((m) => m.TrailDetailPage));
const TrailFormPage = lazyPage(() => import("./trails/trail-form-page").then((m) => m.TrailFormPage));
const TrailDeleteModal = lazyPage(() => import("./trails/trail-delete-modal").then((m) => m.TrailDeleteModal));
const ItemPackagesPage = lazyPage(() => import("./item-packages/item-packages-page").then((m) => m.ItemPackagesPage));
const ItemPackageDeleteModal = lazyPage(() =>
  import("./item-packages/item-package-delete-modal").then((m) => m.ItemPackageDeleteModal),
);
const ItemPackageDetailPage = lazyPage(() =>
  import("./item-packages/item-package-detail-page").then((m) => m.ItemPackageDetailPage),
);
const ItemPackageFormPage = lazyPage(() =>
  import("./item-packages/item-package-form-page").then((m) => m.ItemPackageFormPage),
);

/** A section's English name (spec section 2) leading to its Portuguese path inside /gerencia. */
const englishPath = (path: string, english: string): RouteObject => ({
  path: `${english}/*`,
  element: <RenamedPath from={`/gerencia/${english}`} to={`/gerencia/${path}`} />,
});

/** The levels and materials sections of /gerencia, handed to `adminRoutes`. */
export const catalogSections: RouteObject[] = [
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
  // The spec's English names of these sections (and "/gerencia/material", where some of its screens close to).
  englishPath("niveis", "level"),
  englishPath("materiais", "material"),
];

/** The trails section of /gerencia, handed to `adminRoutes`. */
export const trailSections: RouteObject[] = [
  {
    path: "trilha",
    element: <TrailsPage />,
    children: [{ path: ":id/delete", element: <TrailDeleteModal /> }],
  },
  { path: "trilha/new", element: <TrailFormPage /> },
  { path: "trilha/:id", element: <TrailDetailPage /> },
  { path: "trilha/:id/edit", element: <TrailFormPage /> },
  englishPath("trilha", "trail"),
];

/** The item packages section of /gerencia, handed to `adminRoutes`. */
export const itemPackageSections: RouteObject[] = [
  {
    path: "pacote",
    element: <ItemPackagesPage />,
    children: [{ path: ":id/delete", element: <ItemPackageDeleteModal /> }],
  },
  { path: "pacote/new", element: <ItemPackageFormPage /> },
  { path: "pacote/:id", element: <ItemPackageDetailPage /> },
  { path: "pacote/:id/edit", element: <ItemPackageFormPage /> },
  englishPath("pacote", "item-package"),
];

/**
 * Top-level routes for the slash-less reading of spec section 2 (`/gerenciatrail`), a likely defect of
 * the original that links may still carry; each leads into /gerencia, which checks the role.
 */
export const catalogRenamedPaths: RouteObject[] = [
  { path: "trilha", english: "trail" },
  { path: "pacote", english: "item-package" },
].map(({ path, english }) => ({
  path: `gerencia${english}/*`,
  element: <RenamedPath from={`/gerencia${english}`} to={`/gerencia/${path}`} />,
}));
