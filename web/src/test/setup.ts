import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import i18n, { loadAreaTexts, loadFirstPageEnglish } from "../i18n/i18n";

// A worker runs file after file in one jsdom and keeps the modules it loaded (isolate: false), and this file
// runs again before each of them: each starts as on a fresh page, whatever the file before left behind —
// real clocks and globals, empty storages (a token, the chosen language), no profiles kept, and the texts in
// Portuguese.
vi.useRealTimers();
vi.unstubAllGlobals();
localStorage.clear();
sessionStorage.clear();
await i18n.changeLanguage("pt-br");
// Teachers' profiles a file's screens read are reused for a minute: not by the next file's.
(await import("../lib/teachers/teacher-profile")).forgetTeacherProfiles();

// Vitest runs without globals, so Testing Library cannot register its own unmount between tests.
afterEach(cleanup);

// CI shares two cores with other suites: a screen that renders in 50 ms alone can take over a second
// there, and the default 1 s wait would fail a test of correct behaviour.
configure({ asyncUtilTimeout: 5000 });

// Specs render the areas' pages directly, without the lazy page that fetches their texts in the app,
// and switch languages with i18n itself.
await Promise.all([loadAreaTexts(), loadFirstPageEnglish()]);

// The session fetches its machine on first use. Loaded here once, a spec that ends before that fetch
// resolves does not leave a module to load after vitest has torn its environment down.
await Promise.all([import("xstate"), import("../lib/session/session.machine")]);
