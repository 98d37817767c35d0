import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import "../../i18n/i18n";
import { Footer } from "./footer";
import { Header } from "./header";

const WEB = path.resolve(import.meta.dirname, "../../..");

describe("the product's logo", () => {
  it("leads the header's link home and signs the footer, hidden from screen readers beside the name", () => {
    render(
      <MemoryRouter initialEntries={["/"]}>
        <Header signedIn={false} />
        <Footer signedIn={false} />
      </MemoryRouter>,
    );
    const home = within(screen.getByRole("banner")).getByRole("link", { name: "English Lessons" });
    expect(home.querySelector("svg.app-logo")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("contentinfo").querySelector("svg.app-logo")).not.toBeNull();
  });

  it("is the tab's icon: index.html names favicon.svg, an SVG the build copies to the site's root", () => {
    const html = readFileSync(path.join(WEB, "index.html"), "utf8");
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    const icon = readFileSync(path.join(WEB, "public/favicon.svg"), "utf8");
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64">/);
  });
});
