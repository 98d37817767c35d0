import { fullName } from "@el/domain/shared/full-name";
/** How the payments list and a payment's page write a person and an instant (São Paulo time). */
export const personName = (person: { firstName: string; lastName: string | null }) => fullName(person);

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(
    new Date(iso),
  );
