import { describe, expect, it } from "vitest";
import { canonicalJson, chainHash, GENESIS_HASH } from "./chain-hash";

/**
 * The chain's hash is a published contract: exports are checked outside the product by recomputing it
 * (docs/architecture.md, "Checking an export"), so these vectors pin it. A faster implementation must give
 * exactly these answers.
 */
describe("the audit chain's hash", () => {
  const data = { z: 1, a: [3, { y: 'é\n"', b: null, u: undefined }], B: true, á: 0.5, "10": -2 };
  const metadata = {
    userId: "1042",
    correlationId: "req-1",
    causationId: null,
    occurredAt: "2026-03-03T17:02:00.000Z",
  };

  it("writes JSON with every object's keys in code-unit order, no spaces, and no undefined fields", () => {
    expect(canonicalJson(data)).toBe('{"10":-2,"B":true,"a":[3,{"b":null,"y":"é\\n\\""}],"z":1,"á":0.5}');
    expect([
      canonicalJson([]),
      canonicalJson({}),
      canonicalJson("x"),
      canonicalJson(1e21),
      canonicalJson(null),
    ]).toEqual(["[]", "{}", '"x"', "1e+21", "null"]);
    expect(canonicalJson([undefined, 1])).toBe("[null,1]");
  });

  it("is sha256 of the previous link, a line feed and the canonical event", () => {
    expect(
      chainHash(GENESIS_HASH, { type: "CreditsGranted", stream: "student-1042", version: 2, data, metadata }),
    ).toBe("dd4ecad28fff8b2b13ff46f23d1abbc67219a2bf048c26a9932a766e878d61d8");
  });

  it("changes with any field of the event and with the link before it", () => {
    const event = { type: "CreditsGranted", stream: "student-1042", version: 2, data, metadata };
    const hash = chainHash(GENESIS_HASH, event);
    expect(chainHash(GENESIS_HASH, { ...event, version: 3 })).not.toBe(hash);
    expect(chainHash(GENESIS_HASH, { ...event, data: { ...data, z: 2 } })).not.toBe(hash);
    expect(chainHash(GENESIS_HASH, { ...event, metadata: { ...metadata, userId: "7" } })).not.toBe(hash);
    expect(chainHash(hash, event)).not.toBe(hash);
  });
});
