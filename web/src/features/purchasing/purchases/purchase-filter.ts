import {
  PaymentMethod,
  type PurchaseFilter,
  PurchaseFilter as PurchaseFilterSchema,
  PurchaseStatus,
} from "@el/domain/purchasing/purchase-views";

export const FILTER_FIELDS = ["status", "method", "studentId", "from", "to"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** The filter as the form and the URL hold it: text, '' for "any". */
export type FilterValues = Record<FilterField, string>;

/** The URL's filter as the API takes it; a value the API would refuse (a hand-edited URL) is left out. */
export const purchaseFilterOf = (values: FilterValues): PurchaseFilter => {
  const filter: PurchaseFilter = {};
  const status = PurchaseStatus.safeParse(values.status);
  if (status.success) filter.status = status.data;
  const method = PaymentMethod.safeParse(values.method);
  if (method.success) filter.method = method.data;
  if (/^\d+$/.test(values.studentId)) filter.studentId = Number(values.studentId);
  const period = PurchaseFilterSchema.pick({ from: true, to: true }).safeParse({
    from: values.from || undefined,
    to: values.to || undefined,
  });
  if (period.success) Object.assign(filter, period.data);
  return filter;
};
