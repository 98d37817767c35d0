import type { Database } from "@el/projections/sql";
import { createEventAppends } from "./appends";
import type { EventStore } from "./contract";
import { createPersonalDataVault, type PersonalDataVault } from "./personal-data";
import { createEventReads } from "./reads";
import type { EventRegistry } from "./registry";
import { subscribeAllOf } from "./subscription";
import { createWakeUps, type WakeUpOptions } from "./wake-ups";

export * from "./contract";

/**
 * The event store on `db`, put together from its parts: appends (appends.ts), reads (reads.ts), the wake-ups
 * that tell this process and the others of each append (wake-ups.ts) and the subscriptions they drive
 * (subscription.ts). README.md beside this file says how they keep the store's promises.
 */
export const createEventStore = async (
  db: Database,
  registry: EventRegistry,
  personalData: PersonalDataVault = createPersonalDataVault(db),
  options: WakeUpOptions & {
    /**
     * Whether each event is stored with its digest (chain-hash.ts), which the audit chain links (default true).
     * Without it the chainer digests the event itself when it links it.
     */
    digests?: boolean;
  } = {},
): Promise<EventStore> => {
  const wakeUps = await createWakeUps(db, options);
  const appends = createEventAppends(db, registry, personalData, {
    digests: options.digests ?? true,
    announce: wakeUps.announce,
  });
  const reads = createEventReads(db, registry, personalData);
  return {
    ...appends,
    ...reads,
    subscribeAll: subscribeAllOf({ readAll: reads.readAll, onAppended: wakeUps.onAppended }),
    onAppended: wakeUps.onAppended,
    othersKnown: wakeUps.othersKnown,
    personalData,
    close: wakeUps.close,
  };
};
