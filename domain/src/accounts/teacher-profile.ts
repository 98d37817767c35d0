import { z } from "zod";
import { invalid } from "../shared/errors";

/**
 * What a teacher shows of themself to their students: a photo, a
 * short bio, their experience, what they specialise in and the languages they speak, with the rating their
 * students gave them. The events live on the teacher's stream; a photo's bytes do not: the event names
 * the photo by the SHA-256 of what was uploaded, and the resized images live in a table keyed by it.
 */

export const TeacherSpeciality = z.enum(["BUSINESS", "TRAVEL", "INTERVIEW", "EXAM_PREPARATION"]);
export type TeacherSpeciality = z.infer<typeof TeacherSpeciality>;
export const teacherSpecialities = TeacherSpeciality.options;

/** Languages a teacher may say they speak (ISO 639-1), each with a label in both interface languages. */
export const TeacherLanguage = z.enum(["en", "pt", "es", "fr", "de", "it"]);
export type TeacherLanguage = z.infer<typeof TeacherLanguage>;
export const teacherLanguages = TeacherLanguage.options;

export const TEACHER_BIO_MAX = 500;
/** How many levels a teacher may say they teach (the catalogue has far fewer). */
export const TEACHER_LEVELS_MAX = 20;
/** A level's id, as the catalogue numbers them. */
const levelId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const TEACHER_EXPERIENCE_MAX = 2000;

/** Photos: what the upload may be, and the two sizes every photo is stored in. */
export const TEACHER_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ["image/jpeg", "image/png", "image/webp"] as readonly string[],
  sizes: [256, 64] as const,
} as const;
export type TeacherPhotoSize = (typeof TEACHER_PHOTO.sizes)[number];

export const teacherProfileErrors = {
  bio: "error.teacherProfile.bio",
  experience: "error.teacherProfile.experience",
  languages: "error.teacherProfile.languages",
  levels: "error.teacherProfile.levels",
  photoType: "error.teacherProfile.photoType",
  photoTooLarge: "error.teacherProfile.photoTooLarge",
  photoUnreadable: "error.teacherProfile.photoUnreadable",
  notTeacher: "error.teacherProfile.notTeacher",
} as const;

const instant = z.iso.datetime({ offset: true });
const photoDigest = z.string().regex(/^[0-9a-f]{64}$/);

export const teacherProfileEventSchemas = {
  /** The teacher's public profile as they saved it (experience travels in the account's ProfileChanged). */
  TeacherProfileChanged: z.object({
    bio: z.string().max(TEACHER_BIO_MAX),
    specialities: z.array(TeacherSpeciality),
    languages: z.array(TeacherLanguage),
    /** The levels they teach, ascending; absent in events stored before teachers chose them (none). */
    levelIds: z.array(levelId).max(TEACHER_LEVELS_MAX).optional(),
    by: z.string(),
    at: instant,
  }),
  /** A new photo: `photo` is the SHA-256 of the uploaded file, the key of its resized images. */
  TeacherPhotoChanged: z.object({ photo: photoDigest, by: z.string(), at: instant }),
};

/** What the decider keeps of the public profile. */
export interface TeacherPublicProfile {
  bio: string;
  specialities: TeacherSpeciality[];
  languages: TeacherLanguage[];
  levelIds: number[];
  photo: string | null;
}

export const emptyPublicProfile: TeacherPublicProfile = {
  bio: "",
  specialities: [],
  languages: [],
  levelIds: [],
  photo: null,
};

/** What the teacher sends from their profile page, before the rules below. */
export interface TeacherProfileInput {
  bio: string;
  experience: string;
  specialities: readonly TeacherSpeciality[];
  languages: readonly TeacherLanguage[];
  levelIds: readonly number[];
}

/**
 * Trims and checks the input; lists keep the order of the enum (levels ascending) and no repeats, so a resend
 * changes nothing.
 */
export const normalizeTeacherProfile = (
  input: TeacherProfileInput,
): TeacherProfileInput & { specialities: TeacherSpeciality[]; languages: TeacherLanguage[]; levelIds: number[] } => {
  const bio = input.bio.trim();
  const experience = input.experience.trim();
  if (bio.length > TEACHER_BIO_MAX) throw invalid(teacherProfileErrors.bio, "bio");
  if (experience.length > TEACHER_EXPERIENCE_MAX) throw invalid(teacherProfileErrors.experience, "experience");
  const languages = teacherLanguages.filter((language) => input.languages.includes(language));
  if (languages.length === 0) throw invalid(teacherProfileErrors.languages, "languages");
  const levelIds = [...new Set(input.levelIds)].sort((a, b) => a - b);
  if (levelIds.length > TEACHER_LEVELS_MAX || levelIds.some((id) => !levelId.safeParse(id).success))
    throw invalid(teacherProfileErrors.levels, "levelIds");
  return {
    bio,
    experience,
    specialities: teacherSpecialities.filter((speciality) => input.specialities.includes(speciality)),
    languages,
    levelIds,
  };
};

/** Refuses an upload the server will not try to read: wrong type or too big. */
export const checkTeacherPhoto = (upload: { contentType: string; size: number }) => {
  if (!TEACHER_PHOTO.contentTypes.includes(upload.contentType)) throw invalid(teacherProfileErrors.photoType, "photo");
  if (upload.size === 0) throw invalid(teacherProfileErrors.photoUnreadable, "photo");
  if (upload.size > TEACHER_PHOTO.maxBytes) throw invalid(teacherProfileErrors.photoTooLarge, "photo");
};

/**
 * A student's note counts towards their teacher's rating from 1 to 5: 0 is the feedback form's starting
 * value (spec section 3, "initial rating 0"), a student who did not pick a star, like a skipped rating.
 */
export const countsAsRating = (note: number | null): note is number => note !== null && note >= 1 && note <= 5;

/** A teacher's rating: the average of the notes that count, to one decimal, and how many there are. */
export interface TeacherRating {
  average: number | null;
  count: number;
}

export const ratingOf = (notes: readonly (number | null)[]): TeacherRating => {
  const counted = notes.filter(countsAsRating);
  if (counted.length === 0) return { average: null, count: 0 };
  const sum = counted.reduce((total, note) => total + note, 0);
  return { average: roundRating(sum / counted.length), count: counted.length };
};

export const roundRating = (average: number) => Math.round(average * 10) / 10;

/** The teacher as a student or an administrator sees them (`GET api/teachers/{id}/profile`). */
export const TeacherProfileView = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  bio: z.string(),
  experience: z.string(),
  specialities: z.array(TeacherSpeciality),
  languages: z.array(TeacherLanguage),
  /** Ids of the levels the teacher teaches, ascending. */
  levelIds: z.array(z.number().int()),
  /** Paths of the 256 px and 64 px images, null without a photo. */
  photo: z.object({ large: z.string(), small: z.string() }).nullable(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type TeacherProfileView = z.infer<typeof TeacherProfileView>;

/** Where a stored photo is served; the digest is in the path, so a new photo is a new address. */
export const teacherPhotoPath = (photo: string, size: TeacherPhotoSize) => `api/teacher-photos/${photo}/${size}`;

/** The landing page's "avaliados pelos alunos", made of real numbers (`GET api/teachers/ratings`, public). */
export const TeacherRatingsSummary = z.object({
  average: z.number().nullable(),
  ratings: z.number().int(),
  teachers: z.number().int(),
});
export type TeacherRatingsSummary = z.infer<typeof TeacherRatingsSummary>;
