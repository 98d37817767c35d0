import { describe, expect, it } from "vitest";
import { encodeAlertParams } from "./alert";

const decodeNamed = (header: string) =>
  Object.fromEntries(header.split("&").map((pair) => pair.split("=").map(decodeURIComponent)));

describe("the parameters of a success alert in X-app-params", () => {
  it("travel as ASCII, accents and separators percent-encoded, and decode to what was sent", () => {
    const header = encodeAlertParams("joão.ç@escola.com.br");
    expect(header).toMatch(/^[\x21-\x7e]*$/);
    expect(decodeURIComponent(header)).toBe("joão.ç@escola.com.br");
    expect(encodeAlertParams(42)).toBe("42");
  });

  it("name each of several parameters, a value holding '=' or '&' kept whole", () => {
    const header = encodeAlertParams({ id: 7, trail: "Férias & viagem = diversão" });
    expect(header).toMatch(/^[\x21-\x7e]*$/);
    expect(decodeNamed(header)).toEqual({ id: "7", trail: "Férias & viagem = diversão" });
  });

  it("keep a single value with '=' apart from the named form: no raw '=' in it", () => {
    expect(encodeAlertParams("a=b")).not.toContain("=");
  });
});
