import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { fakeApi, json } from "../test/fake-api";
import { api, onSuccessAlert, onUnauthorized } from "./api";

const conversacao = { id: 7, name: "Conversação", active: true };

/** What the backend answers when it stored the change but its read models do not show it yet. */
const accepted = (location: string, alert: string, param: string) =>
  json({ location }, { status: 202, headers: { Location: location, "X-app-alert": alert, "X-app-params": param } });

const notYet = () => json({ message: "error.level.notFound" }, { status: 404 });

/** Records, in order, the success alerts told and the reads of `/api/levels/7`. */
const journal = () => {
  const entries: string[] = [];
  const stop = onSuccessAlert((alert) => entries.push(`alert ${alert.key} ${alert.param}`));
  onTestFinished(() => {
    stop();
  });
  return entries;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a change answered 202 Accepted", () => {
  it("tells the success the answer names, then answers what its Location shows once it is there", async () => {
    const entries = journal();
    fakeApi({
      "POST /api/levels": () => accepted("/api/levels/7", "catalog.level.created", "7"),
      "GET /api/levels/7": () => {
        entries.push("read");
        return entries.filter((entry) => entry === "read").length < 2 ? notYet() : json(conversacao);
      },
    });

    await expect(api.post("api/levels", { name: "Conversação" })).resolves.toEqual(conversacao);
    expect(entries).toEqual(["alert catalog.level.created 7", "read", "read"]);
  });

  it("reads an update's Location until it shows something else than the screen did", async () => {
    const entries = journal();
    const before = { ...conversacao, active: false };
    fakeApi({
      "PUT /api/levels/7/toggle": () => accepted("/api/levels/7", "catalog.level.activated", "7"),
      "GET /api/levels/7": () => {
        entries.push("read");
        return json(entries.filter((entry) => entry === "read").length < 2 ? before : conversacao);
      },
    });

    await expect(api.put("api/levels/7/toggle", undefined, { previous: before })).resolves.toEqual(conversacao);
    expect(entries).toEqual(["alert catalog.level.activated 7", "read", "read"]);
  });

  it("never fails: when the Location does not show the change within about 5 s, it answers nothing", async () => {
    const entries = journal();
    fakeApi({
      "POST /api/levels": () => accepted("/api/levels/7", "catalog.level.created", "7"),
      "GET /api/levels/7": () => {
        entries.push("read");
        return notYet();
      },
    });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    let settled = false;
    const answer = api.post("api/levels", { name: "Conversação" }).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(4_000);
    expect(settled).toBe(false);
    expect(entries.filter((entry) => entry === "read")).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toBeUndefined();
    expect(entries).toEqual(["alert catalog.level.created 7", "read", "read", "read", "read", "read"]);
  });
});

describe("a refusal", () => {
  it("is the message its percent-encoded X-app-error carries, accents and all", async () => {
    fakeApi({
      "POST /api/coupons/validate": () =>
        json(
          { status: 400, message: "Cupom não é válido." },
          { status: 400, headers: { "X-app-error": "Cupom%20n%C3%A3o%20%C3%A9%20v%C3%A1lido." } },
        ),
      "PUT /api/purchases/7/paid": () =>
        json(
          { status: 400, message: "error.purchase.settled" },
          { status: 400, headers: { "X-app-error": "error.purchase.settled" } },
        ),
    });

    await expect(api.post("api/coupons/validate", { code: "NOPE" })).rejects.toMatchObject({
      status: 400,
      messageKey: "Cupom não é válido.",
    });
    await expect(api.put("api/purchases/7/paid")).rejects.toMatchObject({ messageKey: "error.purchase.settled" });
  });

  it("ends the session on a 403, unless the caller said the 403 answers the request itself", async () => {
    fakeApi({
      "POST /api/conversations": () => json({ message: "error.messages.noSharedLesson" }, { status: 403 }),
    });
    const ended = vi.fn();
    onTestFinished(onUnauthorized(ended) as () => void);

    await expect(api.post("api/conversations", { teacherId: 7 }, { forbiddenIsAnswer: true })).rejects.toMatchObject({
      status: 403,
      messageKey: "error.messages.noSharedLesson",
    });
    expect(ended).not.toHaveBeenCalled();
    await expect(api.post("api/conversations", { teacherId: 7 })).rejects.toMatchObject({ status: 403 });
    expect(ended).toHaveBeenCalledOnce();
  });
});

describe("a query string", () => {
  it("repeats a parameter given as a list and leaves out the ones not given", async () => {
    const calls = fakeApi({ "GET /api/levels": () => json([]) });

    await api.get("api/levels", { page: 0, size: 20, sort: ["name,asc", "id,desc"], active: undefined });

    const query = calls[0]?.query;
    expect(query?.getAll("sort")).toEqual(["name,asc", "id,desc"]);
    expect([query?.get("page"), query?.get("size"), query?.has("active")]).toEqual(["0", "20", false]);
  });
});
