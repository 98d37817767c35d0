// Who may import whom, checked by `npm run lint` (dependency-cruiser over domain, projections, backend and web).
// Paths are the resolved files, relative to the repository root: `@el/domain/...` resolves through the npm
// workspace link in node_modules/@el to `domain/src/...`, so importing a workspace by its package name and by a
// relative path are caught alike. tooling/boundaries.spec.ts proves each rule fails on a deliberate violation.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-no-other-workspace",
      comment:
        "The domain is the pure core every other workspace builds on: it must not know how its events are projected, served or shown.",
      severity: "error",
      from: { path: "^domain/" },
      to: { pathNot: "^domain/", dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      name: "projections-import-only-domain",
      comment:
        "Read models are built from domain events alone; reaching into the backend would tie them to one server's plugins and routes.",
      severity: "error",
      from: { path: "^projections/" },
      to: { pathNot: "^(projections|domain)/", dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      name: "backend-never-imports-web",
      comment: "The server must run without the browser app's code; shared shapes belong in domain.",
      severity: "error",
      from: { path: "^backend/" },
      to: { path: "^web/" },
    },
    {
      name: "web-imports-only-domain",
      comment:
        "The browser bundle may use the domain's rules and schemas, never server code or read-model internals (they would ship SQL and secrets to the browser).",
      severity: "error",
      from: { path: "^web/", pathNot: "^web/e2e/" },
      to: { pathNot: "^(web|domain)/", dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      name: "browser-tests-only-through-the-backend-test-harness",
      comment:
        "The named exception to web-imports-only-domain: the browser tests start the real product, so web/e2e may use backend/test (which spawns it), and nothing else of the server.",
      severity: "error",
      from: { path: "^web/e2e/" },
      to: { pathNot: "^(web|domain|backend/test)/", dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      name: "feature-never-imports-app",
      comment:
        "app/ composes the features; a feature importing it makes dependencies run both ways. What features share lives in web/src/lib or web/src/components.",
      severity: "error",
      from: { path: "^web/src/features/" },
      to: { path: "^web/src/app/" },
    },
    {
      name: "feature-never-imports-another-feature",
      comment:
        "Features stay independent so each can change alone; a piece two features need moves to web/src/lib or web/src/components, and app/ (or a test helper in web/src/test) puts features together.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "shared-web-code-imports-no-feature-nor-app",
      comment:
        "web/src/components and web/src/lib are what features build on; importing a feature or app/ from them would make every feature depend on the others.",
      severity: "error",
      from: { path: "^web/src/(components|lib)/" },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "backend-feature-never-imports-another-feature",
      comment:
        "Backend features stay independent so each can change alone; what two of them share moves to domain (pure rules) or backend/src/shared, and app.ts (the composition root) wires them together.",
      severity: "error",
      from: { path: "^backend/src/features/([^/]+)/" },
      to: { path: "^backend/src/features/[^/]+/", pathNot: "^backend/src/features/$1/" },
    },
    {
      name: "backend-infrastructure-imports-no-feature",
      comment:
        "Plugins, HTTP helpers, the event store, commands, the database, integrations and the projection runner are what features build on; importing a feature from them would make every feature depend on the others. app.ts composes them, and their specs may drive them with the product's features.",
      severity: "error",
      from: {
        path: "^backend/src/(plugins|http|event-store|commands|database|integrations|projection-runner|shared)/",
        pathNot: "\\.spec\\.ts$",
      },
      to: { path: "^backend/src/features/" },
    },
    {
      name: "no-circular",
      comment: "A cycle means neither module can be understood, tested or moved without the other.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment:
        "An import the cruiser cannot follow is one no rule above can check (they leave such imports to this rule).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|data|test-artifacts)/" },
    // `import type` counts: a type-only import of server code still couples the browser app to it.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // The workspaces expose their sources through package.json `exports` ("./*": "./src/*.ts").
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
