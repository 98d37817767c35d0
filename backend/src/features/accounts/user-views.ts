import type { AccountView, UserView } from "@el/domain/accounts/user-view";
import type { UserRow } from "@el/projections/accounts/users/index";

/** The user as the account routes answer it: the schemas live in domain (the web app parses with them), filled here from `users`. */
export const toAccountView = (user: UserRow): AccountView => ({
  id: user.id,
  login: user.login,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  activated: user.activated,
  langKey: user.langKey,
  authorities: user.authorities,
  balance: user.balance,
  trialCredits: user.trialCredits,
  level: user.levelId,
  objective: user.objective,
  phone: user.phone,
  imageUrl: user.imageUrl,
  seen: user.seen,
  experience: user.experience,
  createdDate: user.createdDate,
});

/**
 * `hasMissingPayment`: the teacher's debt indicator, from the lessons read model; `rating`: the teacher's,
 * from the teacher-profiles read model (each null when not asked).
 */
export const toUserView = (
  user: UserRow,
  hasMissingPayment: boolean | null = null,
  rating: UserView["rating"] = null,
): UserView => ({
  ...toAccountView(user),
  kind: user.kind,
  accepted: user.accepted,
  createdBy: user.createdBy,
  lastModifiedBy: user.lastModifiedBy,
  lastModifiedDate: user.lastModifiedDate,
  cpf: user.cpf,
  street: user.street,
  neighbourhood: user.neighbourhood,
  city: user.city,
  state: user.state,
  country: user.country,
  number: user.number,
  cep: user.cep,
  bankNumber: user.bankNumber,
  bankAccount: user.bankAccount,
  bankBranch: user.bankBranch,
  hasMissingPayment,
  rating,
});
