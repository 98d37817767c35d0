import { invalid, notFound } from "@el/domain";
import { accountErrors, studentAccountDecider, studentStreams } from "@el/domain/accounts/index";
import { findUserByLogin } from "@el/projections/accounts/users/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";

const studentState = foldOf(studentStreams, studentAccountDecider);

/**
 * An administrator gives a student lesson credits (courtesy lessons, support cases). Only students hold
 * credits: a teacher's or administrator's login is refused. Answers the student's balance after the grant.
 */
export const grantCreditsCommand = async (
  app: FastifyInstance,
  login: string,
  grant: { amount: number; reason?: string },
  context: CommandContext & { by: string },
) => {
  const user = await findUserByLogin(app.db, login);
  if (!user) throw notFound(accountErrors.notRegistered);
  if (user.kind !== "student") throw invalid("error.credits.notStudent", "login");
  const { amount, reason } = grant;
  const { result: balance } = await executeOnStates(
    app,
    { student: studentState(user.id) },
    ({ student }) => {
      const events = studentAccountDecider.decide(
        { type: "GrantCredits", amount, grantedBy: context.by, ...(reason ? { reason } : {}) },
        student,
      );
      const after = events.reduce(studentAccountDecider.evolve, student);
      return { appends: [{ streamId: studentStreams.id(user.id), events }], result: after.balance };
    },
    // Answered from the decision: the read models catch up before this process's next read.
    { ...context, waitForReadModels: false },
  );
  return { login: user.login, balance };
};
