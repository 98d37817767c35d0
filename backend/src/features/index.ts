import { accountsFeature } from "./accounts";
import { applicationsFeature } from "./applications";
import { auditFeature } from "./audit";
import { calendarFeature } from "./calendar";
import { catalogFeature } from "./catalog";
import { couponsFeature } from "./coupons";
import type { Feature } from "./feature";
import { lessonsFeature } from "./lessons";
import { mailsFeature } from "./mails";
import { meetingsFeature } from "./meetings";
import { placementFeature } from "./placement";
import { purchasingFeature } from "./purchasing";
import { teachersFeature } from "./teachers";

/** Every slice of the product, in the order their routes and seeds are registered. */
// accounts first: its seed creates the first administrator before anything else starts.
export const features: Feature[] = [
  accountsFeature,
  catalogFeature,
  couponsFeature,
  lessonsFeature,
  purchasingFeature,
  auditFeature,
  calendarFeature,
  mailsFeature,
  applicationsFeature,
  placementFeature,
  meetingsFeature,
  teachersFeature,
];
