import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, file), "utf8");

/** The declarations of the first rule whose selector list is exactly `selector`. */
const rule = (css: string, selector: string) => {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`(?:^|})\\s*${escaped}\\s*{([^}]*)}`, "m").exec(css);
  if (!match?.[1]) throw new Error(`no rule ${selector}`);
  return match[1];
};

const declared = (block: string, property: string) => {
  const match = new RegExp(`(?:^|;|\\s)${property}\\s*:\\s*([^;]+);`).exec(block);
  if (!match?.[1]) throw new Error(`no ${property}`);
  return match[1].trim();
};

/** A `var(--name)` read from the theme's custom properties; a colour as it is. */
const resolve = (value: string) => {
  const variable = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return variable ? declared(read("../../app/theme.css"), variable) : value;
};

/** WCAG 2.x relative luminance of a #rrggbb or #rgb colour. */
const luminance = (colour: string) => {
  const hex = /^#[0-9a-f]{3}$/i.test(colour) ? colour.replace(/[0-9a-f]/gi, "$&$&") : colour;
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb or #rgb colour: ${colour}`);
  const [r, g, b] = match.slice(1).map((channel) => {
    const c = Number.parseInt(channel, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe("the landing page's rating stars", () => {
  it("computes WCAG's ratios: black on white 21:1, the old amber on white 2.03:1", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#f5a623", "#ffffff")).toBeCloseTo(2.03, 2);
  });

  it.each([
    [".landing-stars", ".landing-card"],
    [".hero-card-rating", ".landing-hero-card"],
  ])("%s contrast at least 4.5:1 with the card they sit on (%s), as text must", (stars, card) => {
    const css = read("landing-hero.css") + read("landing.css");
    const colour = resolve(declared(rule(css, stars), "color"));
    const background = resolve(declared(rule(css, card), "background"));
    expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5);
  });
});
