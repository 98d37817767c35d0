import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json } from "../../test/fake-api";
import { renderRoutes } from "../../test/render";
import type { PushBrowser } from "./push-browser";
import { PushNotificationsPanel } from "./push-notifications-panel";

const ENDPOINT = "https://push.example.com/send/phone-1";
const KEYS = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };

/** A browser whose permission answer and subscription the spec chooses. */
const fakeBrowser = (options: { answer?: NotificationPermission; subscribed?: boolean } = {}) => {
  let permission: NotificationPermission = options.subscribed ? "granted" : "default";
  let unsubscribed = false;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: async () => {
      unsubscribed = true;
      return true;
    },
  } as unknown as PushSubscription;
  let current: PushSubscription | null = options.subscribed ? subscription : null;
  const subscribedWith: string[] = [];
  const browser: PushBrowser = {
    supported: true,
    permission: () => permission,
    requestPermission: async () => {
      permission = options.answer ?? "granted";
      return permission;
    },
    current: async () => current,
    subscribe: async (publicKey) => {
      subscribedWith.push(publicKey);
      current = subscription;
      return subscription;
    },
  };
  return { browser, subscribedWith, unsubscribed: () => unsubscribed };
};

const show = (browser: PushBrowser) =>
  renderRoutes([{ path: "/", element: <PushNotificationsPanel browser={browser} /> }], "/");

describe("phone notifications panel", () => {
  it("turns this browser's notifications on: asks the permission, subscribes with the server's key, sends the subscription", async () => {
    let subscriptions = 0;
    const calls = fakeApi({
      "GET /api/push/preferences": () => json({ off: [], subscriptions }),
      "GET /api/push/public-key": () => json({ publicKey: "BPublicKey" }),
      "POST /api/push/subscriptions": () => {
        subscriptions = 1;
        return new Response(null, { status: 204 });
      },
    });
    const fake = fakeBrowser();
    show(fake.browser);
    expect(await screen.findByText("Desativadas neste aparelho.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Ativar notificações" }));
    expect(await screen.findByText("Ativadas neste aparelho.")).toBeInTheDocument();
    expect(fake.subscribedWith).toEqual(["BPublicKey"]);
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: KEYS,
    });
  });

  it("says how to allow them when the person blocked notifications, and subscribes nothing", async () => {
    const calls = fakeApi({ "GET /api/push/preferences": () => json({ off: [], subscriptions: 0 }) });
    const fake = fakeBrowser({ answer: "denied" });
    show(fake.browser);
    await userEvent.click(await screen.findByRole("button", { name: "Ativar notificações" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("bloqueadas neste navegador");
    expect(fake.subscribedWith).toEqual([]);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("turns them off on this browser: forgets the subscription on the server and in the browser", async () => {
    const calls = fakeApi({
      "GET /api/push/preferences": () => json({ off: [], subscriptions: 1 }),
      "DELETE /api/push/subscriptions": () => new Response(null, { status: 204 }),
    });
    const fake = fakeBrowser({ subscribed: true });
    show(fake.browser);
    await userEvent.click(await screen.findByRole("button", { name: "Desativar neste aparelho" }));
    expect(await screen.findByText("Desativadas neste aparelho.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({ endpoint: ENDPOINT });
    expect(fake.unsubscribed()).toBe(true);
  });

  it("shows each kind on or off as saved, and saves a switch as it is flipped", async () => {
    let off = ["NEW_MESSAGE"];
    const calls = fakeApi({
      "GET /api/push/preferences": () => json({ off, subscriptions: 1 }),
      "PUT /api/push/preferences": (request) => {
        off = (request.body as { off: string[] }).off;
        return json({ off, subscriptions: 1 });
      },
    });
    show(fakeBrowser({ subscribed: true }).browser);
    const reminder = await screen.findByRole("checkbox", { name: "Lembrete 1 hora antes da aula" });
    expect(reminder).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Nova mensagem" })).not.toBeChecked();
    await userEvent.click(reminder);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: /Lembrete/ })).not.toBeChecked());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ off: ["NEW_MESSAGE", "LESSON_REMINDER"] });
  });

  it("says so when the choices cannot be loaded, and when the browser cannot receive notifications", async () => {
    fakeApi({ "GET /api/push/preferences": () => json({ message: "error.http.500" }, { status: 500 }) });
    show({ ...fakeBrowser().browser, supported: false });
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByText(/Este navegador não recebe notificações/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ativar notificações" })).toBeNull();
  });
});
