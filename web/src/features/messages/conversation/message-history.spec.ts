import { describe, expect, it } from "vitest";
import { ANA, messageView, PAUL } from "../messages-fixtures";
import {
  asHistoryMessage,
  deliveredToPeer,
  latestFromPeer,
  mergeMessages,
  ownMarkOf,
  readByPeer,
} from "./message-history";

const READ_AT = "2026-12-01T13:30:00.000Z";

describe("a conversation's history", () => {
  it("keeps a message that arrives twice once, in the server's order, with the marks it already had", () => {
    const history = [messageView(101, PAUL, "Oi"), messageView(103, ANA, "Tudo bem?", { readAt: READ_AT })];
    const merged = mergeMessages(history, [
      asHistoryMessage({ id: 103, from: ANA, text: "Tudo bem?", sentAt: history[1]?.sentAt ?? "" }),
      messageView(102, ANA, "Olá"),
    ]);
    expect(merged.map((message) => message.id)).toEqual([101, 102, 103]);
    expect(merged[2]?.readAt).toBe(READ_AT);
  });

  it("marks her own messages up to the one the other party read as delivered and read, and no others", () => {
    const history = [messageView(101, ANA, "a"), messageView(102, PAUL, "b"), messageView(103, ANA, "c")];
    const read = readByPeer(history, ANA, 101, READ_AT);
    expect(read.map(ownMarkOf)).toEqual(["read", "sent", "sent"]);
    expect(read[0]?.deliveredAt).toBe(READ_AT);
  });

  it("marks her own messages up to the one that reached the other party as delivered, keeping earlier marks", () => {
    const earlier = "2026-12-01T13:00:00.000Z";
    const history = [
      messageView(101, ANA, "a", { deliveredAt: earlier }),
      messageView(102, PAUL, "b"),
      messageView(103, ANA, "c"),
      messageView(104, ANA, "d"),
    ];
    const delivered = deliveredToPeer(history, ANA, 103, READ_AT);
    expect(delivered.map(ownMarkOf)).toEqual(["delivered", "sent", "delivered", "sent"]);
    expect(delivered.map((message) => message.deliveredAt)).toEqual([earlier, null, READ_AT, null]);
  });

  it("names the newest message of the other party, or 0 when they wrote none", () => {
    expect(latestFromPeer([messageView(101, PAUL, "a"), messageView(102, ANA, "b")], ANA)).toBe(101);
    expect(latestFromPeer([messageView(102, ANA, "b")], ANA)).toBe(0);
  });

  it("says sent, delivered or read under her own message", () => {
    expect(ownMarkOf(messageView(1, ANA, "a"))).toBe("sent");
    expect(ownMarkOf(messageView(1, ANA, "a", { deliveredAt: READ_AT }))).toBe("delivered");
    expect(ownMarkOf(messageView(1, ANA, "a", { deliveredAt: READ_AT, readAt: READ_AT }))).toBe("read");
  });
});
