import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "../../../test/fake-api";
import { renderRoutes } from "../../../test/render";
import { operationsRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { adminAccount } from "../test-server";

/** A piece of what `GET /api/docs/openapi.json` answers: the checkout with its body, and the schedulings. */
const openApi = {
  openapi: "3.1.0",
  info: { title: "English Lessons API", version: "1.0.0" },
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  paths: {
    "/api/purchases/checkout": {
      post: {
        tags: ["purchases"],
        security: [{ bearer: [] }],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { user: { type: "object", properties: { cpf: { type: "string" } } } },
                required: ["user"],
              },
            },
          },
        },
        responses: { 200: { description: "Default Response" } },
      },
    },
    "/api/schedulings": {
      get: { tags: ["schedulings"], responses: { 200: { description: "Default Response" } } },
    },
  },
};

signInAdministratorForEachTest();
// Swagger UI scrolls to what it opens; jsdom has no layout to scroll.
beforeEach(() => vi.stubGlobal("scrollTo", () => undefined));

describe("/admin/docs", () => {
  it("reads the document with the administrator's token and shows it browsable, by slice", async () => {
    const calls = fakeApi({ "GET /api/account": adminAccount, "GET /api/docs/openapi.json": () => json(openApi) });
    renderRoutes(operationsRoutes, "/admin/docs");
    const viewer = await screen.findByRole("region", { name: "Documentação interativa da API" }, { timeout: 15_000 });
    expect(await within(viewer).findByText("English Lessons API", {}, { timeout: 15_000 })).toBeInTheDocument();
    // Every slice is listed, closed; a click opens its routes.
    const user = userEvent.setup();
    await user.click(within(viewer).getByRole("heading", { name: /purchases/ }));
    expect(await within(viewer).findByText("/api/purchases/checkout")).toBeInTheDocument();
    await user.click(within(viewer).getByRole("heading", { name: /schedulings/ }));
    expect(await within(viewer).findByText("/api/schedulings")).toBeInTheDocument();
    const read = calls.find((call) => call.path === "/api/docs/openapi.json");
    expect(read?.headers.get("Authorization")).toBe("Bearer admin-token");
    expect(screen.getByRole("link", { name: "Baixar openapi.json" })).toHaveAttribute("download", "openapi.json");
  }, 30_000);

  it("tries a route as the signed-in administrator: the call carries the session's token", async () => {
    const calls = fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/docs/openapi.json": () => json(openApi),
      "GET /api/schedulings": () => json([]),
    });
    renderRoutes(operationsRoutes, "/admin/docs");
    const viewer = await screen.findByRole("region", { name: "Documentação interativa da API" }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(await within(viewer).findByRole("heading", { name: /schedulings/ }, { timeout: 15_000 }));
    await user.click(await within(viewer).findByText("/api/schedulings"));
    await user.click(await within(viewer).findByRole("button", { name: "Try it out" }));
    await user.click(await within(viewer).findByRole("button", { name: "Execute" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/api/schedulings")).toBe(true));
    const tried = calls.find((call) => call.path === "/api/schedulings");
    expect(tried?.headers.get("Authorization")).toBe("Bearer admin-token");
  }, 30_000);

  it("shows the refusal when the document cannot be read", async () => {
    fakeApi({
      "GET /api/account": adminAccount,
      "GET /api/docs/openapi.json": () => json({ message: "error.http.500" }, { status: 500 }),
    });
    renderRoutes(operationsRoutes, "/admin/docs");
    expect(await screen.findByRole("alert")).toHaveTextContent("Erro no servidor. Tente novamente em instantes.");
    expect(screen.queryByRole("region", { name: "Documentação interativa da API" })).not.toBeInTheDocument();
  });
});
