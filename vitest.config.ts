import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const exclude = ["**/node_modules/**", "**/dist/**"];

/**
 * The files that take longest, longest first, by path from the repository root. With two workers, a long file
 * started last leaves one worker alone with it at the end; on a clean clone (CI) vitest has no durations in its
 * cache and starts the largest files first, which are not the longest here.
 */
const HEAVY_FILES = [
  "web/e2e/accessibility-back-office.e2e.spec.ts",
  "web/e2e/purchases.e2e.spec.ts",
  "web/e2e/accessibility.e2e.spec.ts",
  "web/e2e/teacher-directory.e2e.spec.ts",
  "web/e2e/teacher-availability.e2e.spec.ts",
  "web/e2e/lesson-loop.e2e.spec.ts",
  "web/e2e/admin-tools.e2e.spec.ts",
  "web/e2e/keyboard.e2e.spec.ts",
  "backend/src/http/api-fuzz.int.spec.ts",
  "backend/src/graceful-shutdown.int.spec.ts",
  "backend/src/database-restart.int.spec.ts",
  "backend/src/main.int.spec.ts",
  "backend/src/database-faults.int.spec.ts",
  "backend/src/projection-runner/runner-recovery.int.spec.ts",
];

/** Vitest's order (project by project; failed, then longest by its cache, then largest), with HEAVY_FILES first. */
class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const index = HEAVY_FILES.indexOf(path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join("/"));
      return index === -1 ? HEAVY_FILES.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort(
        (a, b) =>
          projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) ||
          rank(a.file) - rank(b.file) ||
          a.order - b.order,
      )
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          include: ["{domain,projections,backend,tooling}/**/*.spec.ts"],
          exclude: [...exclude, "**/*.int.spec.ts", "**/*.e2e.spec.ts"],
          // A hang guard only: beside the build and the type checks on two busy cores, a component test that takes
          // half a second alone has taken over five.
          testTimeout: 20_000,
          // As in the int suite (below), a worker keeps the modules it loaded from one file to the next, and in
          // the web project its jsdom too: the two projects ran 266 s isolated in CI, 103 s not. So no spec here
          // may mock a module (vi.mock) or leave a global changed; web/src/test/setup.ts resets what a web file
          // commonly leaves behind (fake clocks, stubbed globals, storage, the language) before the next one.
          isolate: false,
        },
      },
      {
        extends: "./web/vite.config.ts",
        test: {
          name: "web",
          root: "./web",
          include: ["src/**/*.spec.{ts,tsx}"],
          exclude: [...exclude, "**/*.int.spec.ts", "**/*.e2e.spec.ts"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          testTimeout: 20_000,
          // One jsdom and one module cache per worker, as in the unit project (above).
          isolate: false,
        },
      },
      {
        test: {
          name: "int",
          include: ["{projections,backend}/**/*.int.spec.ts"],
          exclude,
          // A worker keeps the modules it loaded from one file to the next: each file loading the whole backend
          // anew took two seconds of the two cores (the suite ran 643 s isolated, 452 s not). So no spec here may
          // mock a module (vi.mock) or leave a global changed; each closes the apps and databases it opened.
          isolate: false,
          globalSetup: ["./backend/test/global-setup.ts"],
          // A hang guard: beside the browser journeys a test that takes 15 s alone (a PGlite runner killed in the
          // middle of a batch) has taken over 60.
          testTimeout: 120_000,
          // A file's setup (a PGlite loaded, the store migrated) took over 60 s once in CI, in both workers at once,
          // while the browser journeys beside it held the two cores; a retry does not run a failed hook again.
          hookTimeout: 120_000,
          // What a spec polls for (a mail over SMTP, a projector's row) comes later on a machine busy with the browser
          // journeys beside it: one second, vitest's default, was not always enough.
          expect: { poll: { timeout: 10_000 } },
          // Route specs run on PostgreSQL, truly concurrent: a spec that assumed an order the database does not
          // promise fails now and then, and is run once more; tooling/test-failures.mjs names it after a failed run.
          retry: 1,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["web/e2e/**/*.e2e.spec.ts"],
          exclude,
          globalSetup: ["./backend/test/global-setup.ts", "./web/e2e/global-setup.ts"],
          // Hang guards only. A journey's setup that prepares its data on a product of its own starts two products
          // one after the other, and a page-by-page journey checks some twenty pages: on CI's machine, beside the
          // int suite, each has taken over two minutes.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // Three files at a time: a journey waits on its browser and its product far more than it computes (beside
          // the int suite, the run used about two thirds of the two cores with two). Each file starts its own product
          // (a free port, a data folder of its own) and its own chromium; nothing else is shared but the run's prepared
          // data folder (web/e2e/global-setup.ts), copied.
          maxWorkers: 3,
          // A worker keeps the modules it loaded (playwright, axe, PGlite, the harness) from one file to the next:
          // loading them anew took 100 s of the run. The journey files keep their state in their own modules.
          isolate: false,
          // A journey waits on real timers of a browser and a product sharing two cores with the int suite; one that
          // fails is run once more, and tooling/test-failures.mjs names it after a failed run ("passed on retry").
          retry: 1,
        },
      },
    ],
  },
});
