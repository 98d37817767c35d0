import { z } from "zod";
import {
  TEACHER_BIO_MAX,
  TEACHER_EXPERIENCE_MAX,
  TEACHER_LEVELS_MAX,
  TEACHER_PHOTO,
  TeacherLanguage,
  TeacherSpeciality,
} from "./teacher-profile";

/** `PUT /api/account/teacher-profile`: the texts and choices a teacher shows students. */
export const TeacherProfileBody = z.object({
  // Longer texts are refused by the domain with their own message; these bounds only stop abuse.
  bio: z.string().max(TEACHER_BIO_MAX * 2),
  experience: z.string().max(TEACHER_EXPERIENCE_MAX * 2),
  specialities: z.array(TeacherSpeciality).max(10),
  languages: z.array(TeacherLanguage).max(10),
  /** The levels taught; absent keeps the ones saved before. */
  levelIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(TEACHER_LEVELS_MAX).optional(),
});
export type TeacherProfileBody = z.input<typeof TeacherProfileBody>;

/** `POST /api/account/teacher-profile/photo`. */
export const TeacherPhotoBody = z.object({
  /** The image, base64 (a `data:…;base64,` prefix is tolerated), as JHipster sends files. */
  photo: z
    .string()
    .min(1)
    .max(Math.ceil((TEACHER_PHOTO.maxBytes * 4) / 3) + 200),
  photoContentType: z.string().max(100),
});
export type TeacherPhotoBody = z.input<typeof TeacherPhotoBody>;

/** `GET /api/teacher-photos/{photo}/{size}`: a stored photo by its digest, at one of its two sizes. */
export const TeacherPhotoParams = z.object({
  photo: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.enum(["256", "64"]).transform((size) => Number(size) as 256 | 64),
});
export type TeacherPhotoParams = z.input<typeof TeacherPhotoParams>;
