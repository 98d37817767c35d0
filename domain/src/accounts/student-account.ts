import { z } from "zod";
import type { Command } from "../shared/command";
import type { Decider } from "../shared/decider";
import { conflict, forbidden, invalid, notFound } from "../shared/errors";
import { IdMap } from "../shared/id-map";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import {
  type AccountCommand,
  type AccountCore,
  type AccountEvent,
  accountErrors,
  accountEventSchemas,
  evolveAccountCore,
  HeardFrom,
  newAccountCore,
  Objective,
} from "./account";
import { decideAccountCommand } from "./account-commands";

/** The student account (stream `student-{id}`): who the student is and how many lesson credits they hold. */

/** The spec's notice 'Suas aulas acabaram…', as the key the web app translates. */
export const NO_CREDITS_LEFT = "error.credits.noneLeft";
export const creditErrors = {
  noCreditsLeft: NO_CREDITS_LEFT,
  amount: "error.credits.amount",
  notSpent: "error.credits.notSpent",
  inactive: "error.account.inactive",
  /** A refund would take back lesson credits the student has already spent. */
  alreadySpent: "error.credits.alreadySpent",
} as const;

/** The free trial every new student gets (the landing page's promise), spendable only on this level's lessons. */
export const TRIAL_CREDITS = 1;
export const TRIAL_LEVEL_ID = 9;

export const studentLevelErrors = {
  /** The trial lessons' level ("Aula Experimental") is no English level a student can be in. */
  trialLevel: "error.level.trial",
} as const;

export const StudentRegistered = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1).max(254),
  email: z.string().max(254),
  firstName: z.string().max(50),
  lastName: z.string().max(50).nullable(),
  phone: z.string().max(30).nullable(),
  /** Level id (catalog `level-{id}`). */
  level: z.number().int().nullable(),
  objective: Objective.nullable(),
  /** Where the student heard of us. */
  seen: HeardFrom.nullable(),
  langKey: z.string().max(10),
  passwordHash: z.string().startsWith("$argon2id$"),
  registeredAt: z.iso.datetime({ offset: true }),
  /** Login of the administrator who created the account, when not self-registered. */
  registeredBy: z.string().optional(),
});
export type StudentRegistered = z.infer<typeof StudentRegistered>;

export const studentEventSchemas = {
  StudentRegistered,
  CreditsGranted: z.object({
    amount: z.number().int().positive(),
    /** Who granted them: an administrator's login or `purchase-{id}`. */
    grantedBy: z.string(),
    reason: z.string().optional(),
  }),
  /** Free trial lessons, granted once at sign-up. */
  TrialCreditsGranted: z.object({ amount: z.number().int().positive() }),
  /** `trial`: the credit spent was a trial credit (the lesson is of the trial level). */
  CreditSpent: z.object({ lessonId: z.number().int(), schedulingId: z.number().int(), trial: z.boolean().optional() }),
  /** The credit goes back to the pool it came from (`trial` as when it was spent). */
  CreditRefunded: z.object({ lessonId: z.number().int(), reason: z.string(), trial: z.boolean().optional() }),
  /** Credits taken back (a refunded purchase): `revokedBy` is `purchase-{id}` or an administrator's login. */
  CreditsRevoked: z.object({
    amount: z.number().int().positive(),
    revokedBy: z.string(),
    reason: z.string().optional(),
  }),
  /** The level test (`placement-{id}`, test `testId`) placed the student in this level: their level from now on. */
  LevelAssessed: z.object({
    levelId: z.number().int().positive(),
    testId: z.number().int().positive(),
    at: z.iso.datetime({ offset: true }),
  }),
};

export type StudentEvent = EventOf<typeof studentEventSchemas> | AccountEvent;

export const studentStreams = streamKind("student", { ...studentEventSchemas, ...accountEventSchemas }, numericKey);

export type RegisterStudent = Command<"RegisterStudent", StudentRegistered>;
export type GrantCredits = Command<"GrantCredits", { amount: number; grantedBy: string; reason?: string }>;
export type RevokeCredits = Command<"RevokeCredits", { amount: number; revokedBy: string; reason?: string }>;
export type SpendCredit = Command<"SpendCredit", { lessonId: number; schedulingId: number; levelId: number }>;
export type RefundCredit = Command<"RefundCredit", { lessonId: number; reason: string }>;
export type AssessLevel = Command<"AssessLevel", { levelId: number; testId: number; now: Date }>;

export type StudentCommand =
  | RegisterStudent
  | GrantCredits
  | RevokeCredits
  | SpendCredit
  | RefundCredit
  | AssessLevel
  | AccountCommand;

export type StudentAccount =
  | { status: "unregistered"; balance: 0; trialCredits: 0 }
  | {
      status: "active" | "deactivated" | "deleted";
      /** Paid (or granted) lesson credits: any lesson. */
      balance: number;
      /** Free trial credits: lessons of the trial level only, spent before paid ones there. */
      trialCredits: number;
      account: AccountCore;
      /**
       * The lessons this student spent a credit on, and whether it came back: one entry per lesson ever
       * scheduled, so an IdMap, whose additions do not copy what is already there.
       */
      credits: IdMap<Credit>;
    };
type RegisteredStudent = Exclude<StudentAccount, { status: "unregistered" }>;

const statusOf = (account: AccountCore): RegisteredStudent["status"] =>
  account.deleted ? "deleted" : account.activated ? "active" : "deactivated";

const registered = (state: StudentAccount): RegisteredStudent => {
  if (state.status === "unregistered") throw notFound(accountErrors.notRegistered);
  return state;
};

export const registerStudent = (command: RegisterStudent, state: StudentAccount): StudentEvent[] => {
  if (state.status !== "unregistered") throw invalid(accountErrors.loginExists, "email");
  if (command.level === TRIAL_LEVEL_ID) throw invalid(studentLevelErrors.trialLevel, "level");
  const { type: _, ...data } = command;
  // Every new student gets the free trial lesson the landing page promises.
  return [
    { type: "StudentRegistered", data },
    { type: "TrialCreditsGranted", data: { amount: TRIAL_CREDITS } },
  ];
};

export const grantCredits = (command: GrantCredits, state: StudentAccount): StudentEvent[] => {
  const student = registered(state);
  if (student.status === "deleted") throw invalid(accountErrors.deleted);
  if (!Number.isInteger(command.amount) || command.amount < 1) throw invalid(creditErrors.amount, "amount");
  const { amount, grantedBy, reason } = command;
  return [
    {
      type: "CreditsGranted",
      data: reason === undefined ? { amount, grantedBy } : { amount, grantedBy, reason },
    },
  ];
};

export const revokeCredits = (command: RevokeCredits, state: StudentAccount): StudentEvent[] => {
  const student = registered(state);
  if (!Number.isInteger(command.amount) || command.amount < 1) throw invalid(creditErrors.amount, "amount");
  // Only credits still unspent can be taken back: a lesson already scheduled was paid for with them.
  if (student.balance < command.amount) throw conflict(creditErrors.alreadySpent);
  const { amount, revokedBy, reason } = command;
  return [
    {
      type: "CreditsRevoked",
      data: reason === undefined ? { amount, revokedBy } : { amount, revokedBy, reason },
    },
  ];
};

export const spendCredit = (command: SpendCredit, state: StudentAccount): StudentEvent[] => {
  const student = registered(state);
  if (student.status !== "active") throw forbidden(creditErrors.inactive);
  // Spending twice for one lesson (a retried request) costs one credit.
  const spent = student.credits.get(command.lessonId);
  if (spent === "spent" || spent === "spent-trial") return [];
  const { lessonId, schedulingId } = command;
  // A trial lesson uses the free trial first; the trial credit buys nothing else.
  if (command.levelId === TRIAL_LEVEL_ID && student.trialCredits > 0) {
    return [{ type: "CreditSpent", data: { lessonId, schedulingId, trial: true } }];
  }
  if (student.balance < 1) throw invalid(NO_CREDITS_LEFT);
  return [{ type: "CreditSpent", data: { lessonId, schedulingId } }];
};

export const refundCredit = (command: RefundCredit, state: StudentAccount): StudentEvent[] => {
  const student = registered(state);
  const credit = student.credits.get(command.lessonId);
  if (credit === "refunded") return [];
  if (credit !== "spent" && credit !== "spent-trial") throw invalid(creditErrors.notSpent);
  const { lessonId, reason } = command;
  return [
    {
      type: "CreditRefunded",
      data: credit === "spent-trial" ? { lessonId, reason, trial: true } : { lessonId, reason },
    },
  ];
};

export const assessLevel = (command: AssessLevel, state: StudentAccount): StudentEvent[] => {
  const student = registered(state);
  if (student.status === "deleted") throw invalid(accountErrors.deleted);
  const { levelId, testId } = command;
  return [{ type: "LevelAssessed", data: { levelId, testId, at: command.now.toISOString() } }];
};

export const studentAccountDecider: Decider<StudentCommand, StudentEvent, StudentAccount> = {
  initialState: () => ({ status: "unregistered", balance: 0, trialCredits: 0 }),

  evolve: (state, event) => {
    if (event.type === "StudentRegistered") {
      const { id, login, email, firstName, lastName, phone, level, objective, langKey, passwordHash } = event.data;
      return {
        status: "active",
        balance: 0,
        trialCredits: 0,
        credits: IdMap.empty(),
        account: newAccountCore({
          id,
          login,
          passwordHash,
          activated: true,
          authorities: ["ROLE_USER", "ROLE_STUDENT"],
          profile: { email, firstName, lastName, phone, level, objective, langKey },
        }),
      };
    }
    if (state.status === "unregistered") return state;
    switch (event.type) {
      case "CreditsGranted":
        return { ...state, balance: state.balance + event.data.amount };
      case "TrialCreditsGranted":
        return { ...state, trialCredits: state.trialCredits + event.data.amount };
      case "CreditsRevoked":
        return { ...state, balance: Math.max(0, state.balance - event.data.amount) };
      case "CreditSpent":
        return event.data.trial
          ? {
              ...state,
              trialCredits: Math.max(0, state.trialCredits - 1),
              credits: state.credits.set(event.data.lessonId, "spent-trial"),
            }
          : {
              ...state,
              balance: Math.max(0, state.balance - 1),
              credits: state.credits.set(event.data.lessonId, "spent"),
            };
      case "CreditRefunded":
        return {
          ...state,
          ...(event.data.trial ? { trialCredits: state.trialCredits + 1 } : { balance: state.balance + 1 }),
          credits: state.credits.set(event.data.lessonId, "refunded"),
        };
      case "LevelAssessed":
        return {
          ...state,
          account: { ...state.account, profile: { ...state.account.profile, level: event.data.levelId } },
        };
      default: {
        const account = evolveAccountCore(state.account, event);
        return { ...state, account, status: statusOf(account) };
      }
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "RegisterStudent":
        return registerStudent(command, state);
      case "GrantCredits":
        return grantCredits(command, state);
      case "RevokeCredits":
        return revokeCredits(command, state);
      case "SpendCredit":
        return spendCredit(command, state);
      case "RefundCredit":
        return refundCredit(command, state);
      case "AssessLevel":
        return assessLevel(command, state);
      default:
        // Only the shared account commands are left: a new student command without its case does not compile.
        return decideAccountCommand(command, registered(state).account);
    }
  },

  // A student's stream grows by two events per lesson: a cold read of years of lessons starts from here.
  snapshot: {
    name: "student-account/1",
    encode: (state) => (state.status === "unregistered" ? state : { ...state, credits: [...state.credits.entries()] }),
    decode: (json) => {
      const stored = json as StudentAccount | (Omit<RegisteredStudent, "credits"> & { credits: [number, Credit][] });
      return stored.status === "unregistered"
        ? (stored as StudentAccount)
        : { ...stored, credits: IdMap.of((stored as { credits: [number, Credit][] }).credits) };
    },
  },
};
type Credit = "spent" | "spent-trial" | "refunded";

export const studentEventDefinitions = Object.entries(studentEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
