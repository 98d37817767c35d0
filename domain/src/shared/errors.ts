export type DomainErrorCode = "validation" | "unauthorized" | "forbidden" | "not_found" | "conflict";

const httpStatusOf: Record<DomainErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/**
 * A rule of the business said no. `messageKey` is what the user is shown (an i18n key or the spec's
 * Portuguese text), `field` names the input at fault for validation errors.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly messageKey: string,
    readonly field?: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = "DomainError";
  }

  get httpStatus(): number {
    return httpStatusOf[this.code];
  }
}

export const invalid = (messageKey: string, field?: string) => new DomainError("validation", messageKey, field);
export const forbidden = (messageKey = "error.http.403") => new DomainError("forbidden", messageKey);
export const notFound = (messageKey = "error.url.not.found") => new DomainError("not_found", messageKey);
export const conflict = (messageKey = "error.concurrency") => new DomainError("conflict", messageKey);
