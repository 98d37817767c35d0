import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import type { Level } from "./level";
import { MAX_MATERIAL_BYTES, type MaterialEvent, type MaterialFile, materialDecider, materialErrors } from "./material";

const given = specFor(materialDecider);
const level: Level = { status: "active", id: 1, name: "Begginer" };
const file: MaterialFile = { sha256: "a".repeat(64), size: 1200, contentType: "application/pdf" };
const otherFile: MaterialFile = { sha256: "b".repeat(64), size: 900, contentType: "application/pdf" };
const fields = { levelId: 1, className: "Greetings", classNumber: 1 };
const uploaded: MaterialEvent = { type: "MaterialUploaded", data: { id: 3, ...fields, file, by: "admin" } };
const deactivated: MaterialEvent = { type: "MaterialDeactivated", data: { by: "admin" } };

describe("material", () => {
  it("uploads a material for a class of a level", () => {
    given([])
      .when({ type: "UploadMaterial", id: 3, ...fields, file, level, by: "admin" })
      .then([uploaded]);
  });

  it("refuses an unknown level, an empty file and a file over the limit", () => {
    given([])
      .when({ type: "UploadMaterial", id: 3, ...fields, file, level: { status: "absent" }, by: "admin" })
      .thenThrows(materialErrors.unknownLevel, "validation");
    given([])
      .when({ type: "UploadMaterial", id: 3, ...fields, file: { ...file, size: 0 }, level, by: "admin" })
      .thenThrows(materialErrors.emptyFile, "validation");
    given([])
      .when({
        type: "UploadMaterial",
        id: 3,
        ...fields,
        file: { ...file, size: MAX_MATERIAL_BYTES + 1 },
        level,
        by: "admin",
      })
      .thenThrows(materialErrors.fileTooLarge, "validation");
  });

  it("revises the class, replaces the file and reactivates in one save", () => {
    given([uploaded, deactivated])
      .when({
        type: "ReviseMaterial",
        ...fields,
        classNumber: 2,
        file: otherFile,
        active: true,
        level,
        by: "admin",
      })
      .then([
        { type: "MaterialRevised", data: { ...fields, classNumber: 2 } },
        { type: "MaterialFileReplaced", data: { file: otherFile, by: "admin" } },
        { type: "MaterialActivated", data: { by: "admin" } },
      ]);
  });

  it("keeps the file when the same one or none is sent", () => {
    given([uploaded])
      .when({ type: "ReviseMaterial", ...fields, file, active: true, level, by: "admin" })
      .then([]);
    given([uploaded])
      .when({ type: "ReviseMaterial", ...fields, active: true, level, by: "admin" })
      .then([]);
  });

  it("deactivates once", () => {
    given([uploaded]).when({ type: "DeactivateMaterial", by: "admin" }).then([deactivated]);
    given([uploaded, deactivated]).when({ type: "DeactivateMaterial", by: "admin" }).then([]);
    given([]).when({ type: "DeactivateMaterial", by: "admin" }).thenThrows(materialErrors.notFound, "not_found");
  });
});
