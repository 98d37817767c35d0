import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import { type LevelEvent, levelDecider, levelErrors } from "./level";

const given = specFor(levelDecider);
const created: LevelEvent = { type: "LevelCreated", data: { id: 1, name: "Begginer", active: true } };
const deactivated: LevelEvent = { type: "LevelDeactivated", data: { by: "admin" } };

describe("level", () => {
  it("creates a level, trimming its name", () => {
    given([]).when({ type: "CreateLevel", id: 1, name: "  Begginer ", active: true }).then([created]);
  });

  it("refuses to create a level that exists", () => {
    given([created])
      .when({ type: "CreateLevel", id: 1, name: "Other", active: true })
      .thenThrows(levelErrors.exists, "conflict");
  });

  it("renames and deactivates from the administrator's form in one go", () => {
    given([created])
      .when({ type: "UpdateLevel", name: "Beginner", active: false, by: "admin" })
      .then([{ type: "LevelRenamed", data: { name: "Beginner" } }, deactivated]);
  });

  it("records nothing when the form is saved unchanged", () => {
    given([created]).when({ type: "UpdateLevel", name: "Begginer", active: true, by: "admin" }).then([]);
  });

  it("toggles between active and inactive", () => {
    given([created]).when({ type: "ToggleLevel", by: "admin" }).then([deactivated]);
    given([created, deactivated])
      .when({ type: "ToggleLevel", by: "admin" })
      .then([{ type: "LevelActivated", data: { by: "admin" } }]);
    expect(stateFrom(levelDecider, [created, deactivated]).status).toBe("inactive");
  });

  it("deactivates once", () => {
    given([created]).when({ type: "DeactivateLevel", by: "admin" }).then([deactivated]);
    given([created, deactivated]).when({ type: "DeactivateLevel", by: "admin" }).then([]);
  });

  it("answers not found for a level that was never created", () => {
    given([]).when({ type: "ToggleLevel", by: "admin" }).thenThrows(levelErrors.notFound, "not_found");
    given([])
      .when({ type: "UpdateLevel", name: "X", active: true, by: "admin" })
      .thenThrows(levelErrors.notFound, "not_found");
  });
});
