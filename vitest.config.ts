import { defineConfig } from "vitest/config";

const exclude = ["**/node_modules/**", "**/dist/**"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{domain,projections,backend,tooling}/**/*.spec.ts"],
          exclude: [...exclude, "**/*.int.spec.ts", "**/*.e2e.spec.ts"],
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["web/e2e/**/*.e2e.spec.ts"],
          exclude,
          globalSetup: ["./backend/test/global-setup.ts", "./web/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: a journey waits on its browser and its product far more than it computes, so two
          // share the two cores. Each file starts its own product (a free port, a data folder of its own) and its
          // own chromium; nothing else is shared but the run's empty PGlite cluster, copied, never opened.
          maxWorkers: 2,
        },
      },
    ],
  },
});
