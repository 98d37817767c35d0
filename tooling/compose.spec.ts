import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, "..");
const dclint = path.join(repository, "node_modules/.bin/dclint");

const lint = async (file: string) => {
  try {
    const { stdout } = await run(dclint, [file, "--color=false", "-c", path.join(repository, ".dclintrc.yml")], {
      cwd: repository,
    });
    return { failed: false, output: stdout };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
};

/** npm run lint checks docker-compose.yml with dclint; the check fails on a file that breaks its rules. */
describe("the deployment file check", () => {
  it("passes the shipped docker-compose.yml", async () => {
    const result = await lint("docker-compose.yml");
    expect(result.output).not.toMatch(/\berror\b/);
    expect(result.failed).toBe(false);
  });

  it("fails on a key the Compose Specification does not have", async () => {
    const result = await lint("tooling/compose-fixtures/misspelt-key.yml");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("invalid-schema");
  });

  it("fails on a port published on every interface", async () => {
    const result = await lint("tooling/compose-fixtures/open-port.yml");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("no-unbound-port-interfaces");
  });
});
