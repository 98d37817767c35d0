import { creditErrors } from "@el/domain/accounts/student-account";
import { purchaseErrors } from "@el/domain/purchasing/index";
import { describe, expect, it } from "vitest";
import i18n from "../../../i18n/i18n";

/**
 * Every key the purchases screens of the back office can receive from the API: the refusals of marking
 * paid and refunding, and the alerts copied from `backend/src/features/purchasing`.
 */
const keys = [
  purchaseErrors.notFound,
  purchaseErrors.settled,
  purchaseErrors.notPaid,
  purchaseErrors.notMarkable,
  creditErrors.alreadySpent,
  "purchasing.purchase.paid",
  "purchasing.purchase.refunded",
];

describe("texts for what the purchase routes answer the back office", () => {
  it.each(["pt-br", "en"])("every key has a %s text", (lng) => {
    // Read without the fallback language, so an English gap is not hidden by the Portuguese text.
    const untranslated = keys.filter((key) => typeof i18n.getResource(lng, "translation", key) !== "string");
    expect(untranslated).toEqual([]);
  });
});
