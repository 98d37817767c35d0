import type { Database, Projector } from "@el/projections";
import { migrateProjections, rebuildBlueGreen, rebuildProjection } from "@el/projections";
import { createEventStore, type EventRegistry, migrateEventStore } from "../event-store";

export class UnknownProjector extends Error {
  constructor(
    readonly projector: string,
    readonly known: readonly string[],
  ) {
    super(`No read model named "${projector}". Read models: ${known.join(", ") || "(none)"}`);
    this.name = "UnknownProjector";
  }
}

export const progressLine = (name: string, projected: number, total: number) =>
  `${name}: ${projected}/${total} events (${total === 0 ? 100 : Math.floor((projected * 100) / total)}%)`;

/**
 * Drops the read model of projector `name` and replays every stored event into it from position 0.
 * `report` receives a progress line after each batch and a last one at the end.
 */
export const rebuildReadModel = async (options: {
  db: Database;
  registry: EventRegistry;
  projectors: readonly Projector[];
  name: string;
  report: (line: string) => void;
  /**
   * Builds the new version beside the live one and switches when it has caught up (`rebuildBlueGreen`), while
   * a running backend keeps answering and projecting; without it the read model is dropped and replayed
   * under the projector's lock, so a running backend must stop first.
   */
  blueGreen?: boolean;
}) => {
  const { db, name, report } = options;
  const projector = options.projectors.find((candidate) => candidate.name === name);
  if (!projector) {
    throw new UnknownProjector(
      name,
      options.projectors.map((candidate) => candidate.name),
    );
  }
  await migrateEventStore(db);
  await migrateProjections(db, []);
  const store = await createEventStore(db, options.registry);
  try {
    const { rows } = await db.query<{ total: string | number }>("select count(*) as total from es_events");
    let total = Number(rows[0]?.total ?? 0);
    if (options.blueGreen) {
      const projected = await rebuildBlueGreen({
        db,
        source: store,
        projector,
        onProgress: (done, remaining) => {
          total = Math.max(total, done + remaining);
          if (remaining > 0) report(progressLine(name, done, total));
        },
      });
      report(`${progressLine(name, projected, Math.max(total, projected))}, switched, done`);
      return projected;
    }
    const projected = await rebuildProjection(
      db,
      store,
      projector,
      (done, remaining) => {
        // Events appended while the rebuild runs are replayed too.
        total = Math.max(total, done + remaining);
        if (remaining > 0) report(progressLine(name, done, total));
      },
      () => report(`${name}: waiting for the backend that runs this projector to stop`),
    );
    report(`${progressLine(name, projected, Math.max(total, projected))}, done`);
    return projected;
  } finally {
    await store.close();
  }
};
