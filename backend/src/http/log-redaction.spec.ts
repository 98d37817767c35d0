import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

describe("request URLs in logs", () => {
  it("never show a password-reset key, from the query or the path", () => {
    expect(redactUrl("/account/reset/finish?key=s3cr3t-key&x=1")).toBe("/account/reset/finish?key=[redacted]&x=1");
    expect(redactUrl("/account/reset/finish/s3cr3t-key")).toBe("/account/reset/finish/[redacted]");
    expect(redactUrl("/google?code=abc123")).toBe("/google?code=[redacted]");
    expect(redactUrl(`/api/calendar/${"k".repeat(43)}.ics`)).toBe("/api/calendar/[redacted]");
  });

  it("keep ordinary paths and queries readable", () => {
    expect(redactUrl("/api/lessons/authenticatedUser?page=0&size=5")).toBe(
      "/api/lessons/authenticatedUser?page=0&size=5",
    );
  });
});
