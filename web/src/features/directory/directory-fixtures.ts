import type { FavoriteTeacher, TeacherCard, TeacherPublicProfile } from "@el/domain/directory/directory-contracts";

/** Ana Lima as the directory lists her: rated, free on Tuesday 1 December at 18:00 (São Paulo). */
export const teacherCard = (changes: Partial<TeacherCard> = {}): TeacherCard => ({
  id: 21,
  firstName: "Ana",
  lastName: "Lima",
  photoUrl: null,
  rating: 4.5,
  ratingCount: 12,
  lessonsGiven: 230,
  specialities: ["BUSINESS", "TRAVEL"],
  languages: ["en", "pt"],
  bio: "Ensino inglês para negócios há dez anos.",
  levelIds: [2],
  nextFreeSlot: "2026-12-01T18:00:00-03:00",
  ...changes,
});

/** Ana's public profile, with one review. */
export const teacherProfile = (changes: Partial<TeacherPublicProfile> = {}): TeacherPublicProfile => ({
  ...teacherCard(),
  about: "Ensino inglês para negócios há dez anos.\nMorei em Londres.",
  experience: "Dez anos em escolas de idiomas.",
  photo: null,
  reviews: [
    {
      id: 1,
      studentName: "Bruno S.",
      note: 5,
      comment: "Aula ótima, muito paciente.",
      at: "2026-11-20T20:00:00Z",
      hidden: false,
    },
  ],
  favorite: false,
  ...changes,
});

/** Ana among the favourites, with her next free starts. */
export const favoriteTeacher = (changes: Partial<FavoriteTeacher> = {}): FavoriteTeacher => ({
  ...teacherCard(),
  nextFreeSlots: ["2026-12-01T18:00:00-03:00", "2026-12-01T19:00:00-03:00"],
  ...changes,
});

export { lessonSeries } from "../../test/lesson-series";
