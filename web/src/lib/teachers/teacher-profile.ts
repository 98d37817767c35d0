import {
  TEACHER_PHOTO,
  type TeacherLanguage,
  TeacherProfileView,
  type TeacherSpeciality,
} from "@el/domain/accounts/teacher-profile";
import { api } from "../api";

/** How long a teacher's profile read for one screen is reused by the next (rows of one list share it). */
const REUSE_MS = 60_000;
const recent = new Map<number, { at: number; profile: Promise<TeacherProfileView> }>();

/**
 * `GET api/teachers/{id}/profile`: a teacher of one of the student's lessons (or any, for the back office).
 * Rows of a list that show the same teacher share one request.
 */
export const fetchTeacherProfile = (id: number): Promise<TeacherProfileView> => {
  const kept = recent.get(id);
  if (kept && Date.now() - kept.at < REUSE_MS) return kept.profile;
  const profile = api.get<unknown>(`api/teachers/${id}/profile`).then((body) => TeacherProfileView.parse(body));
  recent.set(id, { at: Date.now(), profile });
  profile.catch(() => recent.delete(id));
  return profile;
};

/** Forgets what was read, so the next screen shows a profile just saved. */
export const forgetTeacherProfiles = () => recent.clear();

/** `GET api/account/teacher-profile`: the signed-in teacher's own. */
export const fetchOwnTeacherProfile = async () =>
  TeacherProfileView.parse(await api.get<unknown>("api/account/teacher-profile"));

/** A save answered 202 and not shown within the wait comes back empty: it happened, so read it again. */
const ownProfileFrom = (body: unknown) =>
  body === undefined ? fetchOwnTeacherProfile() : Promise.resolve(TeacherProfileView.parse(body));

export interface TeacherProfileForm {
  bio: string;
  experience: string;
  specialities: TeacherSpeciality[];
  languages: TeacherLanguage[];
  /** The levels taught; left out, the server keeps the ones saved before. */
  levelIds?: number[];
}

/** `PUT api/account/teacher-profile`. */
export const saveTeacherProfile = async (form: TeacherProfileForm) => {
  forgetTeacherProfiles();
  return ownProfileFrom(await api.put<unknown>("api/account/teacher-profile", form));
};

/** The checks the server makes too, so a wrong file is refused before it is sent. */
export const photoProblemOf = (file: { type: string; size: number }): string | null => {
  if (!TEACHER_PHOTO.contentTypes.includes(file.type)) return "error.teacherProfile.photoType";
  if (file.size > TEACHER_PHOTO.maxBytes) return "error.teacherProfile.photoTooLarge";
  return null;
};

const base64Of = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** `POST api/account/teacher-profile/photo`: the server resizes it to 256 and 64 px. */
export const uploadTeacherPhoto = async (file: File) => {
  forgetTeacherProfiles();
  const body = { photo: await base64Of(file), photoContentType: file.type };
  return ownProfileFrom(await api.post<unknown>("api/account/teacher-profile/photo", body));
};

/** An image path the API answered (`api/teacher-photos/…`), from the site's root. */
export const photoSrc = (path: string) => `/${path}`;

/** 4.5 → "4,5" in Portuguese, "4.5" in English. */
export const formatAverage = (average: number, language: string) =>
  average.toLocaleString(language === "en" ? "en-US" : "pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
