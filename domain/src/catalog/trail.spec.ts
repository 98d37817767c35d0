import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import type { Level } from "./level";
import { type TrailEvent, type TrailFields, trailDecider, trailErrors } from "./trail";

const given = specFor(trailDecider);
const begginer: Level = { status: "active", id: 1, name: "Begginer" };
const fields: TrailFields = {
  number: 1,
  title: "Greetings and introductions",
  content: "Verb to be",
  application: "Introduce yourself",
  techniques: "Role-play",
  levelId: 1,
};
const created: TrailEvent = { type: "TrailCreated", data: { id: 7, ...fields } };
const removed: TrailEvent = { type: "TrailRemoved", data: { by: "admin" } };

describe("trail", () => {
  it("creates a trail in an existing level", () => {
    given([])
      .when({ type: "CreateTrail", id: 7, ...fields, title: " Greetings and introductions ", level: begginer })
      .then([created]);
  });

  it("may be written for a level not yet offered to students", () => {
    given([])
      .when({ type: "CreateTrail", id: 7, ...fields, level: { ...begginer, status: "inactive" } })
      .then([created]);
  });

  it("refuses a level that does not exist", () => {
    given([])
      .when({ type: "CreateTrail", id: 7, ...fields, levelId: 42, level: { status: "absent" } })
      .thenThrows(trailErrors.unknownLevel, "validation");
  });

  it("refuses to create the same trail twice", () => {
    given([created])
      .when({ type: "CreateTrail", id: 7, ...fields, level: begginer })
      .thenThrows(trailErrors.exists, "conflict");
  });

  it("revises what changed and moves the trail to another level", () => {
    const intermediate: Level = { status: "active", id: 2, name: "Intermediário" };
    given([created])
      .when({ type: "ReviseTrail", ...fields, number: 3, levelId: 2, level: intermediate })
      .then([{ type: "TrailRevised", data: { ...fields, number: 3, levelId: 2 } }]);
  });

  it("records nothing for an unchanged revision", () => {
    given([created])
      .when({ type: "ReviseTrail", ...fields, level: begginer })
      .then([]);
  });

  it("removes a trail once; a removed trail can no longer be revised", () => {
    given([created]).when({ type: "RemoveTrail", by: "admin" }).then([removed]);
    given([created, removed]).when({ type: "RemoveTrail", by: "admin" }).then([]);
    given([created, removed])
      .when({ type: "ReviseTrail", ...fields, level: begginer })
      .thenThrows(trailErrors.notFound, "not_found");
    expect(stateFrom(trailDecider, [created, removed])).toMatchObject({ status: "removed", title: fields.title });
  });

  it("answers not found for a trail never created", () => {
    given([]).when({ type: "RemoveTrail", by: "admin" }).thenThrows(trailErrors.notFound, "not_found");
  });
});
