import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import type { TFunction } from "i18next";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";

/** DD/MM/YY HH:mm in São Paulo, whatever the browser's zone. */
export const dateText = (instant: string) => `${formatDay(instant)} ${formatTime(instant)}`;

/** '1 × 12 aulas, 2 × 1 aula'. */
export const packagesText = (t: TFunction, purchase: Pick<PurchaseView, "orders">) =>
  purchase.orders
    .map((line) => t("adminPurchasing.purchases.line", { quantity: line.quantity, count: line.itemPackage.amount }))
    .join(", ");

/** 'Pix', 'Cartão de crédito (2x)'. */
export const methodText = (t: TFunction, purchase: Pick<PurchaseView, "method" | "installments">) =>
  purchase.method === "CREDIT" && purchase.installments > 1
    ? t("adminPurchasing.purchases.installments", {
        method: t("adminPurchasing.method.CREDIT"),
        count: purchase.installments,
      })
    : t(`adminPurchasing.method.${purchase.method}`);
