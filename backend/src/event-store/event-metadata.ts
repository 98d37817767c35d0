import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { EventMetadata } from "@el/domain";

/** Who caused events written outside any person's request: seeds and scheduled jobs. */
export const SYSTEM = "system";
/** Who caused events written by a request nobody signed in to (sign-up, a gateway's notification). */
export const ANONYMOUS = "anonymous";

type Ambient = () => Partial<EventMetadata>;
const scope = new AsyncLocalStorage<Ambient>();

/**
 * Runs `work` so that every event it appends, however deep the call, records `metadata` (who, and the
 * request or job it came from) unless the append names its own. A request's hook and each scheduled job
 * open one, so no command can forget to say who caused it.
 */
export const withEventMetadata = <T>(metadata: Ambient, work: () => T): T => scope.run(metadata, work);

/** `work` as a job of the system: its events record `system` and one correlation id for the whole run. */
export const asSystem = <T>(job: string, work: () => T): T => {
  const correlationId = `${job}-${randomUUID()}`;
  return withEventMetadata(() => ({ userId: SYSTEM, correlationId }), work);
};

/** The metadata of the scope the caller runs in (none outside every scope). */
export const ambientMetadata = (): Partial<EventMetadata> => scope.getStore()?.() ?? {};

/** Keeps the fields that are set: an explicit `undefined` must not hide what the scope says. */
export const definedMetadata = (metadata: Partial<EventMetadata> | undefined): Partial<EventMetadata> =>
  metadata
    ? (Object.fromEntries(
        Object.entries(metadata).filter(([, value]) => value !== undefined),
      ) as Partial<EventMetadata>)
    : {};
