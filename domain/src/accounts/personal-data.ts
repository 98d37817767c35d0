import { PUSH_PERSONAL_FIELDS, PUSH_SETTING_STREAM } from "../push/push-notifications";

/**
 * Which fields of which events are a person's personal data (LGPD), and whose. The event store
 * writes these fields encrypted with the person's key (crypto-shredding, docs/architecture.md); erasing
 * the person destroys the key, and from then on every reader gets `PERSON_REMOVED` in their place.
 *
 * A person's key is named by their account stream (`student-{id}`, `teacher-{id}`, `admin-{login}`).
 * Free text in a lesson's feedbacks speaks about both people of the lesson: it has a key of the lesson's
 * own (`lesson-{id}`), destroyed when either of them is erased; so do the messages of a conversation between a
 * student and a teacher (`conversation-{id}`).
 */

/** What every screen and read model shows where an erased person's data was. */
export const PERSON_REMOVED = "titular removido";

/** A personal field of an event: whose it is, and where it sits in the event's data. */
export interface PersonalField {
  subject: string;
  path: readonly (string | number)[];
}

const NAME_AND_CONTACT = ["email", "firstName", "lastName", "phone", "imageUrl"] as const;
/** Profile fields that say who someone is or where they live, or pay them. */
export const PERSONAL_PROFILE_FIELDS = [
  ...NAME_AND_CONTACT,
  "cpf",
  "street",
  "neighbourhood",
  "city",
  "state",
  "country",
  "number",
  "cep",
  "experience",
  "bankNumber",
  "bankAccount",
  "bankBranch",
] as const;

const ACCOUNT_STREAM = /^(student|teacher|admin)-/;
/**
 * Sign-ins with a login no account has: `unknown-sign-ins-{day}`, and `sign-in-{login}` of older versions. The
 * day's records share a key of their own, destroyed once they are past their retention (docs/operations.md).
 */
const UNKNOWN_SIGN_IN_STREAM = /^(unknown-sign-ins|sign-in)-/;
/** `conversation-{id}` (not the pair's `conversation-pair-…`, which names no one). */
const CONVERSATION_STREAM = /^conversation-\d+$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const fieldsOf = (subject: string, prefix: readonly (string | number)[], names: readonly string[]) =>
  names.map((name): PersonalField => ({ subject, path: [...prefix, name] }));

/** The snapshot of a person copied into a lesson or purchase event (`{ id, firstName, lastName }`). */
const snapshotOf = (kind: "student" | "teacher", data: Record<string, unknown>, key: string): PersonalField[] => {
  const person = data[key];
  if (!isObject(person) || typeof person.id !== "number") return [];
  return fieldsOf(`${kind}-${person.id}`, [key], ["firstName", "lastName"]);
};

const FEEDBACK_TEXTS: Record<string, readonly string[]> = {
  StudentFeedbackGiven: ["information"],
  StudentFeedbackRevised: ["information"],
  TeacherFeedbackGiven: ["information", "sugestions", "productSugestions", "studentInformation", "partialyHeld"],
  TeacherFeedbackRevised: ["information", "sugestions", "productSugestions", "studentInformation", "partialyHeld"],
};

const REPORT_TEXTS = ["covered", "vocabulary", "corrections", "homework"] as const;

/**
 * The personal fields of an event as stored (before or after upcasting: a path the data lacks is skipped).
 * Pure and cheap: it runs for every event appended and read.
 */
export const personalFieldsOf = (type: string, streamId: string, data: unknown): PersonalField[] => {
  if (!isObject(data)) return [];
  if (ACCOUNT_STREAM.test(streamId)) {
    switch (type) {
      // Students and teachers sign in with their e-mail: the login is as personal as the e-mail.
      case "StudentRegistered":
      case "TeacherApplied":
      case "AdministratorRegistered":
        return fieldsOf(streamId, [], ["login", ...NAME_AND_CONTACT, "experience"]);
      case "ProfileChanged":
        return fieldsOf(streamId, ["changes"], [...PERSONAL_PROFILE_FIELDS, "by"]).map((field) =>
          field.path[1] === "by" ? { subject: streamId, path: ["by"] } : field,
        );
      case "SignedIn":
      case "SignInFailed":
        return fieldsOf(streamId, [], ["login", "ip"]);
      case "TeacherRejected":
        return fieldsOf(streamId, [], ["reason", "by"]);
      // What the teacher wrote about themself; specialities and languages say nothing of who they are, and the
      // photo's digest names images that are deleted with the person (teacher-photos.ts).
      case "TeacherProfileChanged":
        return fieldsOf(streamId, [], ["bio", "by"]);
      // Who did it: often the person themself, by their login (an administrator's is kept in the metadata's user id).
      default:
        return "by" in data && type !== "PersonalDataErased" ? fieldsOf(streamId, [], ["by"]) : [];
    }
  }
  // The login (its keyed digest; as typed, in records older versions wrote) and the address it came from.
  if (UNKNOWN_SIGN_IN_STREAM.test(streamId))
    return type === "SignInFailed" ? fieldsOf(streamId, [], ["login", "ip"]) : [];
  // A lesson's report (`lesson-report-{id}`) speaks about its student: sealed with the lesson's own key, as
  // its feedback texts are, so erasing either person of the lesson erases it.
  if (streamId.startsWith("lesson-report-"))
    return type === "LessonReportWritten"
      ? fieldsOf(`lesson-${streamId.slice("lesson-report-".length)}`, [], REPORT_TEXTS)
      : [];
  if (streamId.startsWith("lesson-")) {
    switch (type) {
      // The teacher a request or booking chose is theirs to erase, as is the teacher named where a request lapsed.
      case "LessonScheduled": {
        const chosen = isObject(data.chosenTeacher) ? snapshotOf("teacher", data.chosenTeacher, "teacher") : [];
        return [
          ...snapshotOf("student", data, "student"),
          ...chosen.map((field) => ({ ...field, path: ["chosenTeacher", ...field.path] })),
        ];
      }
      case "LessonRequestLapsed":
        return snapshotOf("teacher", data, "teacher");
      case "LessonAccepted":
        return snapshotOf("teacher", data, "teacher");
      case "LessonTeacherChanged":
        return [...snapshotOf("teacher", data, "from"), ...snapshotOf("teacher", data, "teacher")];
      // A weekly series (`lesson-series-{id}`) names its student and teacher as a lesson does.
      case "LessonSeriesCreated":
        return [...snapshotOf("student", data, "student"), ...snapshotOf("teacher", data, "teacher")];
      default: {
        const texts = FEEDBACK_TEXTS[type];
        return texts ? fieldsOf(streamId, [], texts) : [];
      }
    }
  }
  // A dispute (`dispute-{lessonId}`) names the lesson's people as the lesson does; what either side and the
  // administrator wrote about the lesson is under the lesson's own key, as its feedbacks are.
  if (streamId.startsWith("dispute-")) {
    const lessonKey = `lesson-${streamId.slice("dispute-".length)}`;
    if (type === "DisputeOpened")
      return [
        ...snapshotOf("student", data, "student"),
        ...snapshotOf("teacher", data, "teacher"),
        { subject: lessonKey, path: ["comment"] },
      ];
    if (type === "DisputeAnswered") return [{ subject: lessonKey, path: ["comment"] }];
    if (type === "DisputeResolved") return [{ subject: lessonKey, path: ["reason"] }];
    return [];
  }
  // A browser's push subscription (`push-{userId}`): sealed with the key of the account it names.
  if (PUSH_SETTING_STREAM.test(streamId) && typeof data.account === "string" && ACCOUNT_STREAM.test(data.account))
    return fieldsOf(data.account, [], type === "PushSubscribed" ? PUSH_PERSONAL_FIELDS : ["endpoint"]);
  // A message and a report speak of both parties: the conversation's own key, destroyed when either is erased.
  if (CONVERSATION_STREAM.test(streamId)) {
    if (type === "MessageSent") return fieldsOf(streamId, [], ["text"]);
    if (type === "ConversationReported") return fieldsOf(streamId, [], ["reason"]);
    return [];
  }
  if (streamId.startsWith("purchase-") && type === "PurchaseStarted") {
    const student = snapshotOf("student", data, "student");
    return student.length > 0
      ? [...student, { subject: student[0]?.subject as string, path: ["student", "login"] }]
      : [];
  }
  return [];
};
