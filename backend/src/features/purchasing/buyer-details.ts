import { studentAccountDecider, studentStreams } from "@el/domain/accounts/index";
import type { BuyerDetailsView } from "@el/domain/purchasing/buyer-details";
import type { CheckoutBody } from "@el/domain/purchasing/purchase-views";
import { findUserById } from "@el/projections/accounts/users/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeCommand } from "../../commands/execute";
import type { CurrentUser } from "../../plugins/auth";

/**
 * Keeps the CPF and address typed at a checkout on the student's record, as a change of their profile: these
 * are personal fields, sealed with the student's key like the rest of the profile (erasing the student
 * shreds them). Only what changed is recorded. Failing to keep them never fails the purchase.
 */
export const rememberBuyer = async (
  app: FastifyInstance,
  user: CurrentUser,
  body: Pick<CheckoutBody, "address" | "user">,
  context: CommandContext,
) => {
  const { address } = body;
  const changes = {
    cpf: body.user.cpf.trim(),
    cep: address.cep.trim(),
    street: address.street.trim(),
    number: address.number.trim(),
    neighbourhood: address.neighbourhood.trim(),
    city: address.city.trim(),
    state: address.state.trim(),
    country: address.country.trim(),
  };
  try {
    await executeCommand(
      app,
      { streams: studentStreams, key: user.id },
      studentAccountDecider,
      { type: "ChangeProfile", changes, by: user.login },
      { userId: context.userId, correlationId: context.correlationId },
    );
  } catch (error) {
    app.log.warn(
      { studentId: user.id, err: error instanceof Error ? error.message : String(error) },
      "buyer details not kept",
    );
  }
};

/** The buyer's details as the student's record keeps them (null until a checkout kept them). */
export const buyerDetailsOf = async (app: FastifyInstance, studentId: number): Promise<BuyerDetailsView> => {
  const row = await findUserById(app.db, studentId);
  if (!row) return { cpf: null, address: null };
  const { cep, street, number, neighbourhood, city, state, country } = row;
  const address =
    cep && street && city && state
      ? {
          cep,
          street,
          number: number ?? "",
          neighbourhood: neighbourhood ?? "",
          city,
          state,
          country: country ?? "BR",
        }
      : null;
  return { cpf: row.cpf, address };
};
