import { describe, expect, it } from "vitest";
import { DEFAULT_PUSH_ENDPOINT_HOSTS, pushEndpointHostsOf, pushEndpointProblem } from "./push-endpoints";

const hosts = [...DEFAULT_PUSH_ENDPOINT_HOSTS];

describe("the push services a subscription may name", () => {
  it("takes the browsers' push services over https", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://web.push.apple.com/QGuQyavXutnMH4on",
      "https://api.push.apple.com/3/device/abc",
    ])
      expect(pushEndpointProblem(endpoint, hosts), endpoint).toBeUndefined();
  });

  it("refuses any other host, a port of its own, credentials, or plain http", () => {
    expect(pushEndpointProblem("http://fcm.googleapis.com/fcm/send/abc", hosts)).toBe("insecure");
    for (const endpoint of [
      "https://10.0.0.7/push",
      "https://localhost/push",
      "https://fcm.googleapis.com.attacker.example/x",
      "https://attackerfcm.googleapis.com/x",
      "https://notify.windows.com/x",
      "https://evilpush.apple.com/x",
      "https://fcm.googleapis.com:8443/x",
      "https://user:pass@fcm.googleapis.com/x",
      "https://fcm.googleapis.com@10.0.0.7/x",
      "not a url",
    ])
      expect(pushEndpointProblem(endpoint, hosts), endpoint).toBe("unknownService");
  });

  it("takes an origin named in full, plain http too, and nothing else at its host", () => {
    const allowed = pushEndpointHostsOf(" http://127.0.0.1:4500 ,*.push.apple.com,");
    expect(allowed).toEqual(["http://127.0.0.1:4500", "*.push.apple.com"]);
    expect(pushEndpointProblem("http://127.0.0.1:4500/push/1", allowed)).toBeUndefined();
    expect(pushEndpointProblem("http://127.0.0.1:4501/push/1", allowed)).toBe("insecure");
    expect(pushEndpointProblem("https://127.0.0.1/push/1", allowed)).toBe("unknownService");
    expect(pushEndpointProblem("https://fcm.googleapis.com/x", allowed)).toBe("unknownService");
  });

  it("lists the browsers' push services when none are configured", () => {
    expect(pushEndpointHostsOf(undefined)).toEqual(hosts);
    expect(pushEndpointHostsOf("  ")).toEqual(hosts);
  });
});
