import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Committed } from "./execute";

/** The body of a 202: the command is stored, and `location` (also the `Location` header) will show it. */
export const PendingAnswer = z.object({ location: z.string() });

/** A command's answer as the read models show it, or where to read it once they caught up. */
export type ReadBack<View> = { projected: true; view: View } | { projected: false; location: string };

/**
 * Reads the answer of a stored command back from the read models, but only when they show it: while
 * one of them is slow or stalled, reading would answer a 404 or the state from before the command, and
 * a client that believed it would send the write again.
 */
export const readBack = async <View>(
  committed: Pick<Committed<unknown>, "projected">,
  location: string,
  read: () => Promise<View>,
): Promise<ReadBack<View>> =>
  committed.projected ? { projected: true, view: await read() } : { projected: false, location };

/** 202 Accepted: the write is done; the client reads `Location` later instead of writing again. */
export const sendPending = (reply: FastifyReply, pending: { location: string }) =>
  reply.code(202).header("Location", pending.location).send({ location: pending.location });
