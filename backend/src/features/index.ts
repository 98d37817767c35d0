import { accountsFeature } from "./accounts";
import { applicationsFeature } from "./applications";
import { auditFeature } from "./audit";
import { availabilityFeature } from "./availability";
import { bookingsFeature } from "./bookings";
import { calendarFeature } from "./calendar";
import { catalogFeature } from "./catalog";
import { couponsFeature } from "./coupons";
import { directoryFeature } from "./directory";
import { disputesFeature } from "./disputes";
import type { Feature } from "./feature";
import { lessonReportsFeature } from "./lesson-reports";
import { lessonRequestsFeature } from "./lesson-requests";
import { lessonSeriesFeature } from "./lesson-series";
import { lessonsFeature } from "./lessons";
import { mailsFeature } from "./mails";
import { meetingsFeature } from "./meetings";
import { messagesFeature } from "./messages";
import { placementFeature } from "./placement";
import { purchasingFeature } from "./purchasing";
import { pushFeature } from "./push";
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
  availabilityFeature,
  bookingsFeature,
  lessonRequestsFeature,
  lessonSeriesFeature,
  directoryFeature,
  messagesFeature,
  lessonReportsFeature,
  disputesFeature,
  pushFeature,
];
