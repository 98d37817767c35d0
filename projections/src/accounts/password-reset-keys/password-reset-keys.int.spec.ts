import { type AccountEvent, studentStreams, teacherStreams } from "@el/domain/accounts/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../../testing/projection-spec";
import { findStreamOfResetKey, passwordResetKeysProjector } from "./password-reset-keys";

const FIRST_KEY = "a".repeat(64);
const SECOND_KEY = "b".repeat(64);

const student = (event: AccountEvent) => on(studentStreams.id(1001), event);
const requested = (keyDigest: string) =>
  student({ type: "PasswordResetRequested", data: { keyDigest, expiresAt: "2026-03-03T12:00:00.000Z" } });
const completed = (keyDigest: string) =>
  student({ type: "PasswordResetCompleted", data: { keyDigest, passwordHash: "$argon2id$v=19$new" } });

describe("password-reset-keys read model", () => {
  const spec = projectionSpec(passwordResetKeysProjector);
  afterAll(() => spec.close());

  it("finds the account a reset key from an e-mail was issued to", () =>
    spec
      .given()
      .when(
        requested(FIRST_KEY),
        on(teacherStreams.id(1002), {
          type: "PasswordResetRequested",
          data: { keyDigest: SECOND_KEY, expiresAt: "2026-03-03T12:00:00.000Z" },
        }),
      )
      .then(async ({ sql }) => {
        expect(await findStreamOfResetKey(sql, FIRST_KEY)).toBe(studentStreams.id(1001));
        expect(await findStreamOfResetKey(sql, SECOND_KEY)).toBe(teacherStreams.id(1002));
      }));

  it("forgets a key once it was used, and only that key", () =>
    spec
      .given(requested(FIRST_KEY), requested(SECOND_KEY))
      .when(completed(FIRST_KEY))
      .then(async ({ sql }) => {
        expect(await findStreamOfResetKey(sql, FIRST_KEY)).toBeUndefined();
        expect(await findStreamOfResetKey(sql, SECOND_KEY)).toBe(studentStreams.id(1001));
      }));

  it("knows no key that was never issued", () =>
    spec.given(requested(FIRST_KEY)).then(async ({ sql }) => {
      expect(await findStreamOfResetKey(sql, SECOND_KEY)).toBeUndefined();
    }));
});
