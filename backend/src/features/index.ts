import { accountsFeature } from "./accounts";
import { catalogFeature } from "./catalog";
import type { Feature } from "./feature";
import { lessonsFeature } from "./lessons";
import { realtimeFeature } from "./realtime";

/** Every slice of the product, in the order their routes and seeds are registered. */
// accounts first: its auth decorators (app.authenticate, app.requireAuthority) are used by every later slice.
export const features: Feature[] = [accountsFeature, catalogFeature, lessonsFeature, realtimeFeature];
