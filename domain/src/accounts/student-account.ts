import { z } from "zod";
import type { Decider } from "../shared/decider";
import { forbidden, invalid, notFound } from "../shared/errors";
import { IdMap } from "../shared/id-map";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import {
  type AccountCommand,
  type AccountCore,
  type AccountEvent,
  accountErrors,
  accountEventSchemas,
  decideAccountCommand,
  evolveAccountCore,
  HeardFrom,
  newAccountCore,
  Objective,
} from "./account";

/** The student account (stream `student-{id}`): who the student is and how many lesson credits they hold. */

export const NO_CREDITS_LEFT =
  "Suas aulas acabaram. Para prosseguir com o agendamento é necessário comprar mais aulas.";
export const creditErrors = {
  noCreditsLeft: NO_CREDITS_LEFT,
  amount: "error.credits.amount",
  notSpent: "error.credits.notSpent",
  inactive: "error.account.inactive",
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
  CreditSpent: z.object({ lessonId: z.number().int(), schedulingId: z.number().int() }),
  CreditRefunded: z.object({ lessonId: z.number().int(), reason: z.string() }),
};

export type StudentEvent = EventOf<typeof studentEventSchemas> | AccountEvent;

export const studentStreams = streamKind("student", { ...studentEventSchemas, ...accountEventSchemas }, numericKey);

export type StudentCommand =
  | ({ type: "RegisterStudent" } & StudentRegistered)
  | { type: "GrantCredits"; amount: number; grantedBy: string; reason?: string }
  | { type: "SpendCredit"; lessonId: number; schedulingId: number }
  | { type: "RefundCredit"; lessonId: number; reason: string }
  | AccountCommand;

export type StudentAccount =
  | { status: "unregistered"; balance: 0 }
  | {
      status: "active" | "deactivated" | "deleted";
      balance: number;
      account: AccountCore;
      /**
       * The lessons this student spent a credit on, and whether it came back: one entry per lesson ever
       * scheduled, so an IdMap, whose additions do not copy what is already there.
       */
      credits: IdMap<"spent" | "refunded">;
    };
type RegisteredStudent = Exclude<StudentAccount, { status: "unregistered" }>;

const statusOf = (account: AccountCore): RegisteredStudent["status"] =>
  account.deleted ? "deleted" : account.activated ? "active" : "deactivated";

const registered = (state: StudentAccount): RegisteredStudent => {
  if (state.status === "unregistered") throw notFound(accountErrors.notRegistered);
  return state;
};

export const studentAccountDecider: Decider<StudentCommand, StudentEvent, StudentAccount> = {
  initialState: () => ({ status: "unregistered", balance: 0 }),

  evolve: (state, event) => {
    if (event.type === "StudentRegistered") {
      const { id, login, email, firstName, lastName, phone, level, objective, langKey, passwordHash } = event.data;
      return {
        status: "active",
        balance: 0,
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
      case "CreditSpent":
        return {
          ...state,
          balance: Math.max(0, state.balance - 1),
          credits: state.credits.set(event.data.lessonId, "spent"),
        };
      case "CreditRefunded":
        return {
          ...state,
          balance: state.balance + 1,
          credits: state.credits.set(event.data.lessonId, "refunded"),
        };
      default: {
        const account = evolveAccountCore(state.account, event);
        return { ...state, account, status: statusOf(account) };
      }
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "RegisterStudent": {
        if (state.status !== "unregistered") throw invalid(accountErrors.loginExists, "email");
        const { type: _, ...data } = command;
        return [{ type: "StudentRegistered", data }];
      }
      case "GrantCredits": {
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
      }
      case "SpendCredit": {
        const student = registered(state);
        if (student.status !== "active") throw forbidden(creditErrors.inactive);
        // Spending twice for one lesson (a retried request) costs one credit.
        if (student.credits.get(command.lessonId) === "spent") return [];
        if (student.balance < 1) throw invalid(NO_CREDITS_LEFT);
        return [{ type: "CreditSpent", data: { lessonId: command.lessonId, schedulingId: command.schedulingId } }];
      }
      case "RefundCredit": {
        const student = registered(state);
        const credit = student.credits.get(command.lessonId);
        if (credit === "refunded") return [];
        if (credit !== "spent") throw invalid(creditErrors.notSpent);
        return [{ type: "CreditRefunded", data: { lessonId: command.lessonId, reason: command.reason } }];
      }
      default:
        // Only the shared account commands are left: a new student command without its case does not compile.
        return decideAccountCommand(command, registered(state).account);
    }
  },
};

export const studentEventDefinitions = Object.entries(studentEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
