import { accountsFeature } from "./accounts";
import type { Feature } from "./feature";

/** Every slice of the product, in the order their routes and seeds are registered. */
// accounts first: its auth decorators (app.authenticate, app.requireAuthority) are used by every later slice.
export const features: Feature[] = [accountsFeature];
