import type { MessageSent, MessageView } from "@el/domain/messages/message-contracts";

/** A message as the view keeps it: as sent, with the other party's delivered and read marks. */
export type HistoryMessage = MessageView;

export const asHistoryMessage = (message: MessageSent | MessageView): HistoryMessage => ({
  deliveredAt: null,
  readAt: null,
  ...message,
});

/**
 * `history` with `arrived` merged in, in the order the server numbered them: a message can come twice (the
 * send's answer and its push, a reload after a reconnection) and is kept once, with its newest marks.
 */
export const mergeMessages = (history: readonly HistoryMessage[], arrived: readonly HistoryMessage[]) => {
  const byId = new Map(history.map((message) => [message.id, message]));
  for (const message of arrived) {
    const kept = byId.get(message.id);
    byId.set(message.id, {
      ...message,
      deliveredAt: message.deliveredAt ?? kept?.deliveredAt ?? null,
      readAt: message.readAt ?? kept?.readAt ?? null,
    });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/** The other party read `me`'s messages up to `upTo` at `at`: those are delivered and read. */
export const readByPeer = (history: readonly HistoryMessage[], me: number, upTo: number, at: string) =>
  history.map((message) =>
    message.from === me && message.id <= upTo && message.readAt === null
      ? { ...message, deliveredAt: message.deliveredAt ?? at, readAt: at }
      : message,
  );

/** `me`'s messages up to `upTo` reached the other party's app at `at`: those not yet marked are delivered. */
export const deliveredToPeer = (history: readonly HistoryMessage[], me: number, upTo: number, at: string) =>
  history.map((message) =>
    message.from === me && message.id <= upTo && message.deliveredAt === null
      ? { ...message, deliveredAt: at }
      : message,
  );

/** The newest message the other party sent, or 0. */
export const latestFromPeer = (history: readonly HistoryMessage[], me: number) =>
  history.reduce((latest, message) => (message.from !== me && message.id > latest ? message.id : latest), 0);

/** What `me` sees under their own message. */
export type OwnMark = "sent" | "delivered" | "read";
export const ownMarkOf = (message: HistoryMessage): OwnMark =>
  message.readAt !== null ? "read" : message.deliveredAt !== null ? "delivered" : "sent";
