import type { TeacherPublicProfile, TeacherReview } from "@el/domain/directory/directory-contracts";
import { json } from "./fake-api";

/** Márcia, an accepted teacher, as `GET /api/users/{login}` answers an administrator. */
export const teacherUser = (id: number) => ({
  id,
  login: "marcia@example.com",
  firstName: "Márcia",
  lastName: "Lima",
  email: "marcia@example.com",
  activated: true,
  authorities: ["ROLE_USER", "ROLE_TEACHER"],
  kind: "teacher",
  accepted: true,
});

/** A teacher's public profile as `GET /api/teachers/{id}` answers an administrator, with `reviews`. */
export const publicProfile = (id: number, reviews: TeacherReview[] = []): TeacherPublicProfile => ({
  id,
  firstName: "Márcia",
  lastName: "Lima",
  photoUrl: null,
  rating: null,
  ratingCount: 0,
  lessonsGiven: 0,
  specialities: [],
  languages: ["en"],
  bio: "",
  levelIds: [],
  nextFreeSlot: null,
  about: "",
  experience: "",
  photo: null,
  reviews,
  favorite: false,
});

/**
 * The calls the back office's teacher detail makes besides the profile and the payments: the teacher's
 * availability (none yet) and their reviews (none yet), for specs of that page about something else.
 */
export const teacherDetailExtras = (id: number) => ({
  [`GET /api/teachers/${id}/availability`]: () => json({ weekly: [], daysOff: [] }),
  [`GET /api/teachers/${id}`]: () => json(publicProfile(id)),
});
