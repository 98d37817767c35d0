import { accountEventDefinitions } from "./account";
import { adminEventDefinitions } from "./admin-account";
import { administratorRosterEventDefinitions } from "./administrator-roster";
import { reservationEventDefinitions } from "./reservation";
import { studentEventDefinitions } from "./student-account";
import { teacherEventDefinitions } from "./teacher-account";

export * from "./account";
export * from "./account-requests";
export * from "./account-streams";
export * from "./admin-account";
export * from "./administrator-roster";
export * from "./management-info";
export * from "./personal-data";
export * from "./reservation";
export * from "./social-identity";
export * from "./student-account";
export * from "./teacher-account";
export * from "./teacher-profile";
export * from "./teacher-profile-requests";
export * from "./user-view";

/** Every event of the accounts slice with its schema, for the backend's event registry. */
export const accountsEventDefinitions = [
  ...studentEventDefinitions,
  ...teacherEventDefinitions,
  ...adminEventDefinitions,
  ...accountEventDefinitions,
  ...reservationEventDefinitions,
  ...administratorRosterEventDefinitions,
];
