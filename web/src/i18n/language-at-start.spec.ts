import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_KEY } from "./i18n";

// In a file of its own: each test loads the texts module afresh (`vi.resetModules`), which would leave the
// tests after it in the same file with other instances of every module than the ones they imported.
describe("the language at start", () => {
  // Each test is a new page load: a session's earlier choice is only the one the test makes.
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.resetModules());

  /** The texts module as a new page load runs it; main.tsx renders once its texts are ready. */
  const freshI18n = async () => {
    vi.resetModules();
    const module = await import("./i18n");
    await module.textsReady;
    return module.default;
  };

  it("is Portuguese in a fresh session", async () => {
    expect((await freshI18n()).language).toBe("pt-br");
  });

  it("is the one chosen earlier in the same session", async () => {
    sessionStorage.setItem(LANGUAGE_KEY, "en");
    const fresh = await freshI18n();
    expect(fresh.language).toBe("en");
    expect(fresh.t("global.menu.login")).toBe("Sign in");
    expect(document.documentElement).toHaveAttribute("lang", "en");
  });
});
