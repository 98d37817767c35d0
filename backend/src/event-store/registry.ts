import type { z } from "zod";

export interface EventDefinition<Type extends string = string> {
  type: Type;
  /** The current shape of the event's data. */
  schema: z.ZodType;
  /** Current schema version; defaults to 1. */
  version?: number;
  /**
   * `upcasters[n]` turns data stored at version n into version n + 1, so events written long ago are
   * read in today's shape without rewriting history.
   */
  upcasters?: Record<number, (data: unknown) => unknown>;
}

export class UnknownEventType extends Error {
  constructor(readonly type: string) {
    super(`Unknown event type ${type}`);
  }
}

export class InvalidEvent extends Error {
  constructor(
    readonly type: string,
    readonly issues: unknown,
  ) {
    super(`Event ${type} does not match its schema`);
  }
}

/** An event stored at a version the chain cannot bring up to date: a deployment without its upcaster. */
export class MissingUpcaster extends Error {
  constructor(
    readonly type: string,
    readonly fromVersion: number,
  ) {
    super(`No upcaster for ${type} from version ${fromVersion}`);
    this.name = "MissingUpcaster";
  }
}

export class EventRegistry {
  readonly #definitions = new Map<string, EventDefinition>();

  register(...definitions: EventDefinition[]) {
    for (const definition of definitions) this.#definitions.set(definition.type, definition);
    return this;
  }

  #definition(type: string) {
    const definition = this.#definitions.get(type);
    if (!definition) throw new UnknownEventType(type);
    return definition;
  }

  currentVersion(type: string) {
    return this.#definition(type).version ?? 1;
  }

  /** Validates data about to be stored; returns the parsed data (defaults applied, unknown keys dropped). */
  validate(type: string, data: unknown): unknown {
    const result = this.#definition(type).schema.safeParse(data);
    if (!result.success) throw new InvalidEvent(type, result.error.issues);
    return result.data;
  }

  /** Brings data stored at `schemaVersion` up to the event's current version. */
  upcast(type: string, schemaVersion: number, data: unknown): unknown {
    const definition = this.#definitions.get(type);
    if (!definition) return data;
    let upcasted = data;
    for (let version = schemaVersion; version < (definition.version ?? 1); version++) {
      const upcaster = definition.upcasters?.[version];
      if (!upcaster) throw new MissingUpcaster(type, version);
      upcasted = upcaster(upcasted);
    }
    return upcasted;
  }
}
