import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OfflineBanner } from "../components/status/offline-banner";
import { ApiError, tokenStorage } from "./api";
import { forgetOfflineSnapshots, keptOffline, offlineSavedAt } from "./offline-snapshot";

const unreachable = () => Promise.reject(new ApiError(0, "error.server.not.reachable"));

describe("answers kept for offline use", () => {
  afterEach(() => {
    forgetOfflineSnapshots();
    tokenStorage.clear();
  });

  it("answers the last answer of the same session when the server cannot be reached, and says since when", async () => {
    tokenStorage.set("header.claims.signature-of-ana", true);
    expect(await keptOffline("lessons", async () => ["lesson 1"])()).toEqual(["lesson 1"]);
    expect(offlineSavedAt()).toBeNull();
    expect(await keptOffline("lessons", unreachable)()).toEqual(["lesson 1"]);
    expect(offlineSavedAt()).toBeGreaterThan(0);
    await keptOffline("lessons", async () => ["lesson 2"])();
    expect(offlineSavedAt()).toBeNull();
  });

  it("never shows another session's answers, keeps nothing past sign-out, and passes other errors on", async () => {
    tokenStorage.set("header.claims.signature-of-ana", true);
    await keptOffline("lessons", async () => ["Ana's lesson"])();
    await expect(keptOffline("lessons", () => Promise.reject(new ApiError(500, "error.http.500")))()).rejects.toThrow(
      "error.http.500",
    );
    tokenStorage.set("header.claims.signature-of-bia", true);
    await expect(keptOffline("lessons", unreachable)()).rejects.toThrow("error.server.not.reachable");
    tokenStorage.set("header.claims.signature-of-ana", true);
    forgetOfflineSnapshots();
    await expect(keptOffline("lessons", unreachable)()).rejects.toThrow("error.server.not.reachable");
  });

  it("tells the person on the home that they are offline, and when the data shown was saved", async () => {
    tokenStorage.set("header.claims.signature-of-ana", true);
    const at = new Date(2026, 10, 27, 14, 2).getTime();
    localStorage.setItem("el-offline:lessons", JSON.stringify({ t: "signature-of-ana".slice(-16), at, data: [] }));
    render(<OfflineBanner />);
    expect(screen.queryByRole("status")).toBeNull();
    await keptOffline("lessons", unreachable)();
    expect(await screen.findByRole("status")).toHaveTextContent("Você está offline — mostrando dados salvos às 14:02");
  });
});
