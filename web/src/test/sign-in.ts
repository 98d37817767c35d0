import { afterEach, beforeEach, vi } from "vitest";
import { TOKEN_KEY } from "../lib/api";

/** Before each test a token sits in `storage`; after it the token is gone and `fetch` is the real one again. */
const signInForEachTest = (storage: Storage, token: string) => {
  beforeEach(() => storage.setItem(TOKEN_KEY, token));
  afterEach(() => {
    storage.clear();
    vi.unstubAllGlobals();
  });
};

/** The administrator signs in with "remember me" (the token in localStorage) before each test. */
export const signInAdministratorForEachTest = () => signInForEachTest(localStorage, "admin-token");

/** The teacher signs in with "remember me" (the token in localStorage) before each test. */
export const signInTeacherForEachTest = () => signInForEachTest(localStorage, "teacher-token");

/** The student signs in without "remember me" (the token in sessionStorage) before each test. */
export const signInStudentForEachTest = () => signInForEachTest(sessionStorage, "student-token");
