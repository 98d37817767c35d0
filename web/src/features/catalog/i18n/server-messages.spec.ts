import { levelErrors, materialErrors, packageErrors, trailErrors } from "@el/domain/catalog/index";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";

/**
 * Every key the catalogue routes can answer with, in an error (`X-app-error` / `message`) or a success
 * (`X-app-alert`). The domain's refusals are read from the domain, so a new one fails here until it has
 * texts; the route-level keys are copied from `backend/src/features/catalog`.
 */
const routeKeys = [
  "error.idexists",
  "error.idnull",
  "error.idinvalid",
  "error.credits.notStudent",
  "error.material.fileRequired",
  "error.material.fileContentType",
  "error.material.base64",
  ...["created", "updated", "activated", "deactivated"].map((change) => `catalog.level.${change}`),
  ...["created", "updated", "deleted"].map((change) => `catalog.trail.${change}`),
  ...["created", "updated", "deactivated"].map((change) => `catalog.material.${change}`),
  ...["created", "updated", "deleted"].map((change) => `catalog.itemPackage.${change}`),
  "catalog.credits.granted",
];
const domainKeys = [levelErrors, trailErrors, materialErrors, packageErrors].flatMap((errors) => Object.values(errors));

describe("texts for what the catalogue routes answer", () => {
  it.each(["pt-br", "en"])("every key has a %s text", (lng) => {
    // Read without the fallback language, so an English gap is not hidden by the Portuguese text.
    const untranslated = [...domainKeys, ...routeKeys].filter(
      (key) => typeof i18n.getResource(lng, "translation", key) !== "string",
    );
    expect(untranslated).toEqual([]);
  });

  it("names what changed in the success toast", async () => {
    await i18n.changeLanguage("pt-br");
    expect(i18n.t("catalog.level.created", { param: 12 })).toBe("Nível 12 criado.");
    expect(i18n.t("catalog.credits.granted", { param: "ana@example.com" })).toBe(
      "Créditos concedidos a ana@example.com.",
    );
  });
});
