import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { auditRoutes } from "../routes";
import { auditorAccount } from "../test-server";

signInAdministratorForEachTest();

const report = (overrides: Record<string, unknown> = {}) => ({
  ok: true,
  checked: 1502,
  head: "a1b2c3",
  headPosition: "1502",
  headLink: "1502",
  brokenAt: null,
  unchained: 0,
  ...overrides,
});

/** The auditor's screen with `verify` answering `GET /api/audit/verify`; the button, once the lazy page painted. */
const openWith = async (verify: () => Response | Promise<Response>) => {
  fakeApi({
    "GET /api/account": auditorAccount,
    "GET /api/audit/events": () => json({ content: [], next: null }),
    "GET /api/audit/verify": verify,
  });
  renderRoutes(auditRoutes, "/auditoria");
  return screen.findByRole("button", { name: "Verificar cadeia" }, { timeout: 5000 });
};

const chain = () => screen.getByRole("region", { name: "Cadeia de hashes" });

describe("Verificar cadeia", { timeout: 20_000 }, () => {
  it("shows it is checking, then up to which position the chain holds and its head", async () => {
    const answer = deferred();
    const button = await openWith(() => answer.promise);
    await userEvent.click(button);
    expect(within(chain()).getByRole("status")).toHaveTextContent("Carregando");
    expect(button).toBeDisabled();
    answer.release(json(report()));
    expect(
      await within(chain()).findByText("Cadeia íntegra: 1502 eventos verificados, até a posição 1502."),
    ).toBeInTheDocument();
    expect(within(chain()).getByText("Hash da ponta: a1b2c3")).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it("says where the chain breaks, the hash expected and the one stored", async () => {
    const broken = { link: "40", position: "40", stream: "lesson-7", version: 3, expected: "e1", stored: "s1" };
    await userEvent.click(await openWith(() => json(report({ ok: false, brokenAt: broken, unchained: 2 }))));
    const alert = await within(chain()).findByRole("alert");
    expect(alert).toHaveTextContent("Cadeia quebrada na posição 40 (fluxo lesson-7, versão 3)");
    expect(alert).toHaveTextContent("Esperado e1, guardado s1.");
    expect(alert).toHaveTextContent("2 eventos gravados ainda não foram encadeados.");
  });

  it("says when no event is chained yet", async () => {
    await userEvent.click(
      await openWith(() => json(report({ checked: 0, head: null, headPosition: null, headLink: null }))),
    );
    expect(await within(chain()).findByText("Nenhum evento encadeado ainda.")).toBeInTheDocument();
  });

  it("shows why the verification failed, and can be run again", async () => {
    let calls = 0;
    const button = await openWith(() => {
      calls += 1;
      return calls === 1 ? json({ message: "error.http.500" }, { status: 500 }) : json(report());
    });
    await userEvent.click(button);
    expect(await within(chain()).findByRole("alert")).toBeInTheDocument();
    await userEvent.click(button);
    expect(await within(chain()).findByText(/^Cadeia íntegra/)).toBeInTheDocument();
  });
});
