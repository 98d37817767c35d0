// Prints, after `npm test`, every test that failed (and every test that passed only on a retry) from the
// suites' JSON reports in test-artifacts/, so the end of a long CI log says what went wrong. Exits 1.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = "test-artifacts";
const reports = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".json")) : [];
const lines = [];
for (const name of reports) {
  const report = JSON.parse(readFileSync(join(folder, name), "utf8"));
  for (const file of report.testResults ?? []) {
    if (file.status === "failed" && file.message)
      lines.push(`FAILED FILE ${file.name}\n  ${file.message.slice(0, 2_000)}`);
    for (const test of file.assertionResults ?? []) {
      const messages = (test.failureMessages ?? []).map((message) => `  ${message.slice(0, 2_000)}`).join("\n");
      // A timeout's message is vitest's bare "STACK_TRACE_ERROR": how long the test ran tells it apart.
      const took = `(${Math.round(test.duration ?? 0)} ms)`;
      if (test.status === "failed") lines.push(`FAILED ${file.name} › ${test.fullName} ${took}\n${messages}`);
      else if (messages) lines.push(`PASSED ON RETRY ${file.name} › ${test.fullName} ${took}\n${messages}`);
    }
  }
}
console.error(lines.length > 0 ? lines.join("\n\n") : `npm test failed before any suite wrote a report (${folder}/)`);
process.exit(1);
