import type { Feature } from "./feature";

/** Every slice of the product, in the order their routes and seeds are registered. */
export const features: Feature[] = [];
