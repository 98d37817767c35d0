import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Browsers ask for /favicon.ico whatever the page links (and always for pages that are not HTML): the
 * build carries one, from public/, beside the SVG icon modern browsers prefer.
 */
const WEB = path.resolve(import.meta.dirname, "../..");

describe("the site's icon", () => {
  it("is in public/ as an ICO of 16, 32 and 48 px PNG images, served at /favicon.ico", () => {
    const icon = readFileSync(path.join(WEB, "public/favicon.ico"));
    // ICONDIR: reserved 0, type 1 (icon), image count; then one 16-byte entry per image.
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2)]).toEqual([0, 1]);
    const count = icon.readUInt16LE(4);
    const images = Array.from({ length: count }, (_, index) => {
      const entry = 6 + index * 16;
      const size = icon.readUInt32LE(entry + 8);
      const offset = icon.readUInt32LE(entry + 12);
      const png = icon.subarray(offset, offset + size);
      return { width: icon.readUInt8(entry), pngWidth: png.readUInt32BE(16), signature: png.subarray(1, 4).toString() };
    });
    expect(images).toEqual([16, 32, 48].map((width) => ({ width, pngWidth: width, signature: "PNG" })));
  });

  it("is named by the page, with the SVG icon", () => {
    const html = readFileSync(path.join(WEB, "index.html"), "utf8");
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });
});
