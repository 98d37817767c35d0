import { describe, expect, it } from "vitest";
import { chainHash, contentDigest, GENESIS_HASH } from "./chain-hash";

/**
 * The chain's hash is a published contract: exports are checked outside the product by recomputing it
 * (docs/architecture.md, "Checking an export"), so these vectors, computed outside the product (Python's
 * hashlib over the texts written out by hand), pin it. A faster implementation must give exactly these answers.
 */
describe("the audit chain's hash", () => {
  // An event's content as PostgreSQL writes it out (CONTENT_SQL): type, data and metadata, a line feed between.
  const content = 'CreditsGranted\n{"amount": 2, "reason": "compra"}\n{"userId": "1042", "correlationId": "req-1"}';
  const digest = "1ca9f7db79695db5458ffc964680e90f5d7730f61fa4fd8d0116b2be923d800a";

  it("digests an event's content as sha256, hex", () => {
    expect(contentDigest(content)).toBe(digest);
  });

  it("links sha256 of the previous link, a line feed and the JSON of { digest, stream, version }", () => {
    expect(chainHash(GENESIS_HASH, { digest, stream: "student-1042", version: 2 })).toBe(
      "cc816cff693acc1532a2bffe961060fbdcd4e035d065d45912d8ed5ce5cc37b9",
    );
  });

  it("changes with the event's digest, its stream, its version and the link before it", () => {
    const link = { digest, stream: "student-1042", version: 2 };
    const hash = chainHash(GENESIS_HASH, link);
    expect(chainHash(GENESIS_HASH, { ...link, version: 3 })).not.toBe(hash);
    expect(chainHash(GENESIS_HASH, { ...link, stream: "student-1043" })).not.toBe(hash);
    expect(chainHash(GENESIS_HASH, { ...link, digest: contentDigest(content.replace("2,", "20,")) })).not.toBe(hash);
    expect(chainHash(hash, link)).not.toBe(hash);
  });
});
