import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own unmount between tests.
afterEach(cleanup);

// CI shares two cores with other suites: a screen that renders in 50 ms alone can take over a second
// there, and the default 1 s wait would fail a test of correct behaviour.
configure({ asyncUtilTimeout: 5000 });
