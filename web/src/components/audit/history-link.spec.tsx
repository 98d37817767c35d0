import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useSession } from "../../lib/session/session-provider";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import { signInAdministratorForEachTest } from "../../test/sign-in";
import { HistoryLink, type HistoryOf, historyStreamOf } from "./history-link";

signInAdministratorForEachTest();

/** Who is signed in, as `GET api/account` answers. */
const account = (login: string, authorities: string[]) => () =>
  json({
    id: 3,
    login,
    email: login,
    firstName: "Ana",
    lastName: "Reis",
    activated: true,
    langKey: "pt-br",
    authorities,
  });
const auditorAccount = account("auditora@example.com", ["ROLE_USER", "ROLE_AUDITOR"]);
const studentAccount = account("ana@example.com", ["ROLE_USER", "ROLE_STUDENT"]);

const person = (authorities: string[]) => ({ user: { id: 42, login: "Ana.Reis", authorities } });

describe("the history of a back-office record", () => {
  it("is the stream the record is decided on", () => {
    expect(historyStreamOf(person(["ROLE_USER", "ROLE_STUDENT"]))).toBe("student-42");
    expect(historyStreamOf(person(["ROLE_USER", "ROLE_TEACHER"]))).toBe("teacher-42");
    expect(historyStreamOf(person(["ROLE_USER", "ROLE_ADMIN"]))).toBe("admin-ana.reis");
    expect(historyStreamOf(person(["ROLE_USER"]))).toBeUndefined();
    expect(historyStreamOf({ lesson: 7 })).toBe("lesson-7");
    expect(historyStreamOf({ purchase: 9 })).toBe("purchase-9");
  });

  /** The link beside who is signed in, so a test knows the account has arrived before it looks for no link. */
  const SignedIn = () => <output>{useSession().account?.login}</output>;
  const renderLink = (of: HistoryOf) =>
    renderRoutes(
      [
        {
          path: "/",
          element: (
            <>
              <SignedIn />
              <HistoryLink of={of} />
            </>
          ),
        },
      ],
      "/",
    );

  it("links an auditor to the stream's page under /auditoria", async () => {
    fakeApi({ "GET /api/account": auditorAccount });
    renderLink({ lesson: 7 });
    expect(await screen.findByRole("link", { name: "Histórico" }, { timeout: 5000 })).toHaveAttribute(
      "href",
      "/auditoria/fluxos/lesson-7",
    );
  });

  it("is not offered to someone who may not read the history", async () => {
    fakeApi({ "GET /api/account": studentAccount });
    renderLink({ purchase: 9 });
    expect(await screen.findByText("ana@example.com", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
