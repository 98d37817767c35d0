import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { adminAccount } from "../../../test/fake-accounts";
import { fakeApi, json } from "../../../test/fake-api";
import { teacherUser } from "../../../test/fake-teacher-detail";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";

/** The first screen of a file waits for its lazily loaded page, which takes a while on a busy machine. */
const firstPaint = { timeout: 5000 };

const marcia = { ...teacherUser(12), hasMissingPayment: false, rating: { average: 4, count: 3 } };
const paul = {
  ...teacherUser(13),
  login: "paul@example.com",
  email: "paul@example.com",
  firstName: "Paul",
  lastName: "Smith",
  hasMissingPayment: false,
  rating: null,
};

/** Márcia is flagged with 3 absences in 30 days; Paul is not. */
const server = (flagged: () => Response = () => json([{ teacherId: 12, name: "Márcia Lima", disputes: 3 }])) =>
  fakeApi({
    "GET /api/account": adminAccount,
    "GET /api/users/teacher": () => json([marcia, paul], { headers: { "X-Total-Count": "2" } }),
    "GET /api/users/marcia%40example.com": () => json(marcia),
    "GET /api/users/paul%40example.com": () => json(paul),
    "GET /api/payments/teacher/marcia%40example.com": () => json([]),
    "GET /api/payments/teacher/paul%40example.com": () => json([]),
    "GET /api/disputes/flagged-teachers": flagged,
  });

const rowOf = async (name: string) => {
  const table = await screen.findByRole("table", {}, firstPaint);
  return within(table).findByRole("row", { name: new RegExp(name) });
};

signInAdministratorForEachTest();

describe("the back office's teachers flagged by a pattern of no-shows", () => {
  it("are badged Sinalizado on the teacher list, under their reported absences; the others are not", async () => {
    const calls = server();
    renderRoutes(adminRoutes(), "/gerencia/professor");
    expect(await screen.findByRole("columnheader", { name: /Ausências relatadas/ }, firstPaint)).toBeInTheDocument();
    const marciaRow = await rowOf("Márcia Lima");
    const badge = await within(marciaRow).findByText("Sinalizado");
    expect(badge).toHaveAttribute("title", "3 ausências em 30 dias");
    expect(within(await rowOf("Paul Smith")).queryByText("Sinalizado")).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === "/api/disputes/flagged-teachers")?.headers.get("Authorization")).toBe(
      "Bearer admin-token",
    );
  });

  it("are badged Sinalizado on their detail page, with how many absences in 30 days", async () => {
    server();
    renderRoutes(adminRoutes(), "/gerencia/professor/marcia%40example.com");
    const badge = await screen.findByText("Sinalizado", {}, firstPaint);
    expect(badge.closest("dd")).toHaveTextContent("Sinalizado 3 ausências em 30 dias");
    expect(screen.getByText("Ausências relatadas").tagName).toBe("DT");
  });

  it("leave an unflagged teacher's detail page without the badge", async () => {
    const calls = server();
    renderRoutes(adminRoutes(), "/gerencia/professor/paul%40example.com");
    await screen.findByText("Paul Smith", {}, firstPaint);
    await vi.waitFor(() => expect(calls.some((call) => call.path === "/api/disputes/flagged-teachers")).toBe(true));
    expect(screen.queryByText("Sinalizado")).not.toBeInTheDocument();
    expect(screen.queryByText("Ausências relatadas")).not.toBeInTheDocument();
  });

  it("leave the list usable, without badges, when the flags cannot be read", async () => {
    server(() => json({ message: "error.http.500" }, { status: 500 }));
    renderRoutes(adminRoutes(), "/gerencia/professor");
    expect(await rowOf("Márcia Lima")).toBeInTheDocument();
    expect(screen.queryByText("Sinalizado")).not.toBeInTheDocument();
  });
});
