import type { Projector } from "@el/projections";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { EventDefinition } from "../event-store";

/**
 * One slice of the product (accounts, catalog, lessons…): the events it stores, the read models it
 * keeps, its HTTP routes, and what it needs at first start.
 */
export interface Feature {
  name: string;
  events: EventDefinition[];
  projectors: Projector[];
  routes: FastifyPluginAsync;
  /** Runs at every start after migrations; must be idempotent (for instance, seed only when empty). */
  seed?: (app: FastifyInstance) => Promise<void>;
}
