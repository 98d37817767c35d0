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
        },
      },
      {
        test: {
          name: "int",
          include: ["{projections,backend}/**/*.int.spec.ts"],
          exclude,
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
          globalSetup: ["./backend/test/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
