import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "..");

/**
 * The object shapes written by hand in one of the web app's API files: every interface and every object type
 * literal (`type X = { … }`, a parameter typed `{ page: number }`). What an API call sends is typed from the
 * request schemas in `domain` (`z.input<typeof ScheduleLessonBody>`), and what it receives from the zod schema
 * that parses it, so a shape written by hand is one that can drift from what the backend accepts.
 */
const handWrittenShapes = (fileName: string, text: string): string[] => {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const name = ts.isInterfaceDeclaration(node) ? `interface ${node.name.text}` : "type literal";
      found.push(`${fileName}:${line} ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** web/src/**\/api/*.ts, specs left out. */
const apiFiles = () =>
  readdirSync(path.join(repository, "web/src"), { recursive: true, encoding: "utf8" })
    .map((file) => path.posix.join("web/src", file.split(path.sep).join("/")))
    .filter((file) => /\/api\/[^/]+\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
    .sort();

describe("the web app's API calls, typed from domain", () => {
  it("finds a request body typed by hand, as an interface or as an object type", () => {
    const violation = [
      'import { api } from "../../../lib/api";',
      "export interface StudentRegistration { firstName: string; objective: string }",
      "export const register = (body: StudentRegistration) => api.post('api/register', body);",
      "export const pay = (month: { year: number; month: number }) => api.post('api/payments', month);",
      "type Filters = { from: string };",
    ].join("\n");
    expect(handWrittenShapes("register.ts", violation)).toEqual([
      "register.ts:2 interface StudentRegistration",
      "register.ts:4 type literal",
      "register.ts:5 type literal",
    ]);
  });

  it("allows requests typed from domain's schemas and answers parsed with zod", () => {
    const allowed = [
      'import type { StudentRegistration } from "@el/domain/accounts/account-requests";',
      'import { z } from "zod";',
      "const Registered = z.object({ login: z.string() });",
      "export type Registered = z.infer<typeof Registered>;",
      "export const register = async (body: StudentRegistration) => Registered.parse(await api.post('x', body));",
    ].join("\n");
    expect(handWrittenShapes("register.ts", allowed)).toEqual([]);
  });

  it("finds no shape written by hand in web/src/**/api/", () => {
    const files = apiFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => handWrittenShapes(file, readFileSync(path.join(repository, file), "utf8")))).toEqual(
      [],
    );
  });
});
