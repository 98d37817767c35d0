import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { beforeAll, describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "..");
const workspaces = ["domain", "projections", "backend", "web"];

let options: ICruiseOptions;
beforeAll(async () => {
  options = await extractDepcruiseOptions(path.join(repository, ".dependency-cruiser.cjs"));
});

/** Cruises the workspaces found under `baseDir` with the lint's own rules. */
const cruiseWorkspaces = async (baseDir: string) => {
  const { output } = await cruise(workspaces, { ...options, baseDir });
  return output as ICruiseResult;
};

const violationsOf = (result: ICruiseResult) =>
  result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();

describe("the import boundaries checked by npm run lint", () => {
  it("reports every deliberate violation of the fixture tree, by its rule, and nothing it allows", async () => {
    // tooling/boundaries-fixtures mirrors the repository's layout, one import per forbidden edge, next to the
    // imports the rules allow (app/ and app.ts composing features, a feature using lib/ or backend/src/shared,
    // an infrastructure spec using a feature, the browser tests' harness).
    const result = await cruiseWorkspaces(path.join(repository, "tooling/boundaries-fixtures"));
    expect(violationsOf(result)).toEqual([
      "backend-feature-never-imports-another-feature: backend/src/features/orders/checkout.ts → backend/src/features/catalog/prices.ts",
      "backend-infrastructure-imports-no-feature: backend/src/plugins/mailer.ts → backend/src/features/catalog/prices.ts",
      "backend-never-imports-web: backend/src/app.ts → web/src/lib/api.ts",
      "browser-tests-only-through-the-backend-test-harness: web/e2e/harness.ts → projections/src/lessons.ts",
      "domain-imports-no-other-workspace: domain/src/lesson.ts → projections/src/lessons.ts",
      "feature-never-imports-another-feature: web/src/features/a/x.ts → web/src/features/b/y.ts",
      "feature-never-imports-app: web/src/features/a/x.ts → web/src/app/routes.ts",
      "no-circular: web/src/lib/cycle-one.ts → web/src/lib/cycle-two.ts",
      "no-unresolvable: web/src/lib/missing.ts → ./nowhere",
      "projections-import-only-domain: projections/src/lessons.ts → backend/src/app.ts",
      "shared-web-code-imports-no-feature-nor-app: web/src/components/badge.ts → web/src/app/routes.ts",
      "shared-web-code-imports-no-feature-nor-app: web/src/lib/session.ts → web/src/features/b/y.ts",
      "web-imports-only-domain: web/src/features/c/z.ts → backend/src/app.ts",
    ]);
    const rules = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name);
    expect(new Set(result.summary.violations.map(({ rule }) => rule.name))).toEqual(new Set(rules));
  });

  it("finds no violation in the repository, with workspace package names resolved to their sources", async () => {
    const result = await cruiseWorkspaces(repository);
    expect(violationsOf(result)).toEqual([]);
    // The rules match resolved paths: were `@el/domain/...` left unresolved, a forbidden package import would pass.
    const workspaceImports = result.modules.flatMap((module) =>
      module.dependencies.filter((dependency) => dependency.module.startsWith("@el/")),
    );
    expect(workspaceImports.length).toBeGreaterThan(0);
    for (const dependency of workspaceImports) {
      expect(dependency.resolved).toMatch(new RegExp(`^${dependency.module.split("/")[1]}/src/`));
    }
  }, 60_000);
});
