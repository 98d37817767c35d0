import type { RouteObject } from "react-router-dom";
import { LevelFormPage } from "./levels/level-form-page";
import { LevelsPage } from "./levels/levels-page";
import { MaterialDeleteModal } from "./materials/material-delete-modal";
import { MaterialFormPage } from "./materials/material-form-page";
import { MaterialsPage } from "./materials/materials-page";
import { PendingLessonsPage } from "./schedulings/pending-lessons-page";

/** The catalogue sections of /gerencia (levels, materials, pending lessons), handed to `adminRoutes`. */
export const adminCatalogSections: RouteObject[] = [
  { path: "niveis", element: <LevelsPage /> },
  { path: "niveis/new", element: <LevelFormPage /> },
  { path: "niveis/:id/edit", element: <LevelFormPage /> },
  {
    path: "materiais",
    element: <MaterialsPage />,
    children: [{ path: ":id/delete", element: <MaterialDeleteModal /> }],
  },
  { path: "materiais/new", element: <MaterialFormPage /> },
  { path: "materiais/:id/edit", element: <MaterialFormPage /> },
  { path: "agendamento", element: <PendingLessonsPage /> },
];
