import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import { emailReservationDecider, emailStreams, loginReservationDecider } from "./reservation";

const given = specFor(emailReservationDecider);
const made = (owner: string) => ({ type: "ReservationMade", data: { owner } }) as const;
const released = (owner: string) => ({ type: "ReservationReleased", data: { owner } }) as const;

describe("e-mail and login reservations", () => {
  it("name one stream per value, whatever its case and surrounding spaces", () => {
    expect(emailStreams.id(" Ana@Example.COM ")).toBe("email-ana@example.com");
  });

  it("give a free value to the first account that asks", () => {
    given([])
      .when({ type: "Reserve", owner: "student-1" })
      .then([made("student-1")]);
  });

  it("refuse a value held by another account with the duplicate e-mail error", () => {
    given([made("student-1")])
      .when({ type: "Reserve", owner: "teacher-2" })
      .thenThrows(accountErrors.emailExists, "validation");
    specFor(loginReservationDecider)([made("student-1")])
      .when({ type: "Reserve", owner: "admin-x" })
      .thenThrows(accountErrors.loginExists);
  });

  it("let the holder ask again without storing anything", () => {
    given([made("student-1")])
      .when({ type: "Reserve", owner: "student-1" })
      .then([]);
  });

  it("free a value only when its holder releases it", () => {
    given([made("student-1")])
      .when({ type: "Release", owner: "teacher-2" })
      .then([]);
    given([made("student-1")])
      .when({ type: "Release", owner: "student-1" })
      .then([released("student-1")]);
    given([made("student-1"), released("student-1")])
      .when({ type: "Reserve", owner: "teacher-2" })
      .then([made("teacher-2")]);
  });
});
