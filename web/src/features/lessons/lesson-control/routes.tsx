import type { RouteObject } from "react-router-dom";
import { lazyPage } from "../../../lib/lazy-page";

const LessonControlPage = lazyPage(() => import("./lesson-control-page").then((m) => m.LessonControlPage));
const LessonDeleteModal = lazyPage(() => import("./lesson-delete-modal").then((m) => m.LessonDeleteModal));
const LessonUnassignModal = lazyPage(() => import("./lesson-unassign-modal").then((m) => m.LessonUnassignModal));
const LessonFormPage = lazyPage(() => import("../lesson-form/lesson-form-page").then((m) => m.LessonFormPage));

/** Lesson control, /gerencia/aula: the list, Criar aula and the edit form, handed to `adminRoutes`. */
export const adminLessonsSections: RouteObject[] = [
  {
    path: "aula",
    element: <LessonControlPage />,
    children: [
      { path: ":id/delete", element: <LessonDeleteModal /> },
      { path: ":id/unassign", element: <LessonUnassignModal /> },
    ],
  },
  { path: "aula/new", element: <LessonFormPage /> },
  { path: "aula/:id/edit", element: <LessonFormPage /> },
];
