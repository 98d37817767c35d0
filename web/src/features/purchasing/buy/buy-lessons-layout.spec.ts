import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// jsdom lays nothing out: these read the stylesheet the page's classes (`buy-lessons`, `package-cards`) use.
const css = readFileSync(path.resolve(import.meta.dirname, "../purchasing.css"), "utf8");

/** The declarations of `selector`'s rule inside the media query `query`, or at the top level without one. */
const columns = (selector: string, query?: string) => {
  const scope = query === undefined ? css.replace(/@media[^{]*{(?:[^{}]*{[^}]*})*\s*}/g, "") : mediaBlock(query);
  const match = new RegExp(`^\\s*\\${selector}\\s*{([^}]*)}`, "m").exec(scope);
  const value = match?.[1] && /grid-template-columns:\s*([^;]+);/.exec(match[1])?.[1];
  if (!value) throw new Error(`no grid-template-columns for ${selector}`);
  return value.trim();
};

const mediaBlock = (query: string) => {
  const start = css.indexOf(`@media ${query} {`);
  if (start < 0) throw new Error(`no @media ${query}`);
  const end = css.indexOf("\n}", start);
  return css.slice(start, end);
};

describe("Contratar aulas on a narrow screen", () => {
  it("stacks the page in one column that can shrink below its content (a bare 1fr would not)", () => {
    expect(columns(".buy-lessons", "(max-width: 999px)")).toBe("minmax(0, 1fr)");
  });

  it("lays the packs out in as many columns as fit, each no wider than the grid, one on a phone", () => {
    expect(columns(".package-cards")).toMatch(/^repeat\(auto-fit, minmax\(min\(\d+px, 100%\), 1fr\)\)$/);
  });
});
