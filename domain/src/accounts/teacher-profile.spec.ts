import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { type TeacherApplied, type TeacherEvent, teacherAccountDecider } from "./teacher-account";
import { checkTeacherPhoto, countsAsRating, ratingOf, TEACHER_PHOTO, teacherProfileErrors } from "./teacher-profile";

const given = specFor(teacherAccountDecider);
const application: TeacherApplied = {
  id: 2001,
  login: "paulo@example.com",
  email: "paulo@example.com",
  firstName: "Paulo",
  lastName: null,
  phone: null,
  experience: "Cinco anos de aulas de inglês",
  langKey: "pt-br",
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  appliedAt: "2026-03-01T12:00:00.000Z",
};
const applied: TeacherEvent = { type: "TeacherApplied", data: application };
const accepted: TeacherEvent = { type: "TeacherAccepted", data: { by: "admin" } };
const now = new Date("2026-03-05T12:00:00Z");
const at = now.toISOString();
const photo = "a".repeat(64);
const save = {
  type: "ChangeTeacherProfile",
  bio: "  Professor carioca, apaixonado por viagens.  ",
  experience: "Cinco anos de aulas de inglês",
  specialities: ["TRAVEL", "BUSINESS", "TRAVEL"],
  languages: ["pt", "en"],
  by: "paulo@example.com",
  now,
} as const;
const profileData = {
  bio: "Professor carioca, apaixonado por viagens.",
  specialities: ["BUSINESS", "TRAVEL"],
  languages: ["en", "pt"],
  levelIds: [],
  by: "paulo@example.com",
  at,
} satisfies Extract<TeacherEvent, { type: "TeacherProfileChanged" }>["data"];
const profileChanged: TeacherEvent = { type: "TeacherProfileChanged", data: profileData };

describe("teacher profile", () => {
  it("saves the bio, specialities and languages trimmed and in a fixed order, without repeats", () => {
    given([applied, accepted]).when(save).then([profileChanged]);
  });

  it("stores nothing when the same profile is saved again", () => {
    given([applied, accepted, profileChanged]).when(save).then([]);
  });

  it("changes the experience the application gave through the account's profile, which the back office shows", () => {
    given([applied, accepted, profileChanged])
      .when({ ...save, experience: "Oito anos, inglês para negócios" })
      .then([
        {
          type: "ProfileChanged",
          data: { changes: { experience: "Oito anos, inglês para negócios" }, by: "paulo@example.com" },
        },
      ]);
  });

  it("saves the levels taught ascending without repeats, and keeps them when a save does not send them", () => {
    const withLevels: TeacherEvent = { type: "TeacherProfileChanged", data: { ...profileData, levelIds: [2, 5] } };
    given([applied, accepted])
      .when({ ...save, levelIds: [5, 2, 5] })
      .then([withLevels]);
    given([applied, accepted, withLevels]).when(save).then([]);
    given([applied, accepted, withLevels])
      .when({ ...save, levelIds: [] })
      .then([profileChanged]);
  });

  it("reads a profile saved before teachers chose levels as teaching none", () => {
    const { levelIds: _, ...older } = profileData;
    const state = stateFrom(teacherAccountDecider, [applied, accepted, { type: "TeacherProfileChanged", data: older }]);
    expect(state.status === "active" && state.publicProfile?.levelIds).toEqual([]);
    given([applied, accepted, { type: "TeacherProfileChanged", data: older }])
      .when(save)
      .then([]);
  });

  it("refuses more levels than there can be, or an id that is no level's", () => {
    given([applied, accepted])
      .when({ ...save, levelIds: Array.from({ length: 21 }, (_, index) => index + 1) })
      .thenThrows(teacherProfileErrors.levels, "validation");
    given([applied, accepted])
      .when({ ...save, levelIds: [0] })
      .thenThrows(teacherProfileErrors.levels, "validation");
  });

  it("needs at least one language and a bio of at most 500 characters", () => {
    given([applied, accepted])
      .when({ ...save, languages: [] })
      .thenThrows(teacherProfileErrors.languages, "validation");
    given([applied, accepted])
      .when({ ...save, bio: "x".repeat(501) })
      .thenThrows(teacherProfileErrors.bio, "validation");
  });

  it("is edited only by an accepted, active teacher", () => {
    given([applied]).when(save).thenThrows(teacherProfileErrors.notTeacher, "conflict");
    given([applied])
      .when({ type: "ChangeTeacherPhoto", photo, by: "p", now })
      .thenThrows(teacherProfileErrors.notTeacher, "conflict");
  });

  it("records a new photo by its digest, keeps it across profile saves, and ignores the same photo again", () => {
    const photoChanged: TeacherEvent = { type: "TeacherPhotoChanged", data: { photo, by: "paulo@example.com", at } };
    given([applied, accepted])
      .when({ type: "ChangeTeacherPhoto", photo, by: "paulo@example.com", now })
      .then([photoChanged]);
    given([applied, accepted, photoChanged])
      .when({ type: "ChangeTeacherPhoto", photo, by: "paulo@example.com", now })
      .then([]);
    const state = stateFrom(teacherAccountDecider, [applied, accepted, photoChanged, profileChanged]);
    expect(state.status === "active" && state.publicProfile?.photo).toBe(photo);
  });
});

describe("teacher photo upload", () => {
  it("accepts JPEG, PNG and WebP up to 5 MB", () => {
    expect(() => checkTeacherPhoto({ contentType: "image/jpeg", size: TEACHER_PHOTO.maxBytes })).not.toThrow();
    expect(() => checkTeacherPhoto({ contentType: "image/webp", size: 1000 })).not.toThrow();
  });

  it("refuses other types, empty files and larger files with their own messages", () => {
    expect(() => checkTeacherPhoto({ contentType: "image/svg+xml", size: 1000 })).toThrow(
      teacherProfileErrors.photoType,
    );
    expect(() => checkTeacherPhoto({ contentType: "image/png", size: 0 })).toThrow(
      teacherProfileErrors.photoUnreadable,
    );
    expect(() => checkTeacherPhoto({ contentType: "image/png", size: TEACHER_PHOTO.maxBytes + 1 })).toThrow(
      teacherProfileErrors.photoTooLarge,
    );
  });
});

describe("teacher rating", () => {
  it("averages the students' notes from 1 to 5, to one decimal, with their count", () => {
    expect(ratingOf([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
  });

  it("leaves out skipped ratings and the form's untouched 0", () => {
    expect(countsAsRating(0)).toBe(false);
    expect(countsAsRating(null)).toBe(false);
    expect(ratingOf([5, null, 0, 3])).toEqual({ average: 4, count: 2 });
  });

  it("has no average before the first note", () => {
    expect(ratingOf([])).toEqual({ average: null, count: 0 });
    expect(ratingOf([0, null])).toEqual({ average: null, count: 0 });
  });
});
