/** The server side of lesson control's component specs: the signed-in administrator and lesson rows. */
import type { LessonControlView } from "@el/domain/lessons/lesson-control-view";

export { adminAccount } from "../../../test/fake-accounts";
export { deferred } from "../../../test/fake-api";

export const teachers = [
  { id: 21, login: "bruno@example.com", firstName: "Bruno", lastName: "Lima" },
  { id: 22, login: "carla@example.com", firstName: "Carla", lastName: null },
];
export const students = [
  { id: 11, login: "ana@example.com", firstName: "Ana", lastName: "Souza" },
  { id: 12, login: "joao@example.com", firstName: "João", lastName: "Conceição" },
];
export const levels = [
  { id: 1, name: "Begginer", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 7, name: "Nível antigo", active: false },
];
const trail = (id: number, number: number, title: string, levelId: number) => ({
  id,
  number,
  title,
  content: "",
  application: "",
  techniques: "",
  level: { id: levelId, name: null },
});
export const trails = [
  trail(5, 2, "At the airport", 1),
  trail(4, 1, "Greetings", 1),
  trail(8, 1, "Meetings", 2),
  trail(9, 1, "Old trail", 7),
];

/** A lesson row; 13:30 UTC is 10:30 in São Paulo. */
export const lessonRow = (id: number, changes: Partial<LessonControlView> = {}): LessonControlView => ({
  id,
  student: { id: 11, firstName: "Ana", lastName: "Souza" },
  level: { id: 1, name: "Begginer" },
  objective: "TRAVEL",
  trail: { id: 5, number: 2, title: "At the airport" },
  startsAt: "2026-05-04T13:30:00.000Z",
  date: "2026-05-04",
  time: "10:30",
  teacher: null,
  meetUrl: null,
  payment: null,
  ...changes,
});
