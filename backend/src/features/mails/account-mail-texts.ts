import type { AccountMailKind } from "@el/domain/mails/index";
import type { PaymentMethod } from "@el/domain/purchasing/purchase-views";
import type { DueAccountMail } from "@el/projections/mails/index";
import type { Mail } from "../../plugins/mailer";

type Language = "pt-br" | "en";

/** 12345 centavos → "R$ 123,45" (pt-br) or "R$123.45" (en). */
const moneyOf = (cents: number, language: Language) =>
  new Intl.NumberFormat(language === "en" ? "en-US" : "pt-BR", { style: "currency", currency: "BRL" })
    .format(cents / 100)
    .replace(/\u00a0/g, " ");

const texts = {
  "pt-br": {
    greeting: (name: string) => (name ? `Olá, ${name}!` : "Olá!"),
    subjects: {
      welcome: "Bem-vindo(a) ao English Lessons",
      "purchase-paid": "Compra confirmada",
    } satisfies Record<AccountMailKind, string>,
    welcome: {
      student:
        "Sua conta foi criada. Escolha um pacote de aulas em “Contratar aulas” e agende sua primeira aula na sua área.",
      teacher:
        "Sua conta de professor foi criada e sua candidatura foi recebida. Assim que a equipe aprová-la, você poderá aceitar aulas na sua área.",
      admin: "Sua conta foi criada.",
    },
    paid: "Recebemos o pagamento da sua compra. Os créditos já estão na sua conta.",
    amount: (value: string) => `Valor: ${value}`,
    method: (method: string) => `Forma de pagamento: ${method}`,
    installments: (count: number, each: string) => (count > 1 ? `Parcelas: ${count}x de ${each}` : "Parcelas: à vista"),
    credits: (count: number) => `Aulas: ${count}`,
    methods: {
      CREDIT: "Cartão de crédito",
      DEBIT: "Cartão de débito",
      PIX: "Pix",
      BANKSLIP: "Boleto",
    } satisfies Record<PaymentMethod, string>,
    area: (url: string) => `Acesse: ${url}`,
  },
  en: {
    greeting: (name: string) => (name ? `Hello, ${name}!` : "Hello!"),
    subjects: {
      welcome: "Welcome to English Lessons",
      "purchase-paid": "Purchase confirmed",
    } satisfies Record<AccountMailKind, string>,
    welcome: {
      student:
        "Your account was created. Choose a lesson package under “Buy lessons” and schedule your first lesson in your area.",
      teacher:
        "Your teacher account was created and your application received. Once the team approves it, you can accept lessons in your area.",
      admin: "Your account was created.",
    },
    paid: "We received the payment of your purchase. The credits are already in your account.",
    amount: (value: string) => `Amount: ${value}`,
    method: (method: string) => `Payment method: ${method}`,
    installments: (count: number, each: string) =>
      count > 1 ? `Installments: ${count} × ${each}` : "Installments: paid in full",
    credits: (count: number) => `Lessons: ${count}`,
    methods: {
      CREDIT: "Credit card",
      DEBIT: "Debit card",
      PIX: "Pix",
      BANKSLIP: "Boleto (bank slip)",
    } satisfies Record<PaymentMethod, string>,
    area: (url: string) => `Go to: ${url}`,
  },
};

/**
 * An account e-mail in its recipient's language (the one chosen at sign-up or in the settings): the
 * welcome, or a purchase's confirmation with its amount, payment method and installments.
 */
export const accountMail = (mail: DueAccountMail, baseUrl: string): Mail => {
  const language: Language = mail.langKey === "en" ? "en" : "pt-br";
  const t = texts[language];
  const root = baseUrl.replace(/\/$/, "");
  const area = `${root}${mail.role === "teacher" ? "/teacher" : mail.role === "admin" ? "/admin" : "/student"}`;
  const purchase = mail.purchase;
  const body =
    mail.kind === "welcome" || !purchase
      ? [t.welcome[mail.role]]
      : [
          t.paid,
          "",
          t.amount(moneyOf(purchase.totalCents, language)),
          t.method(t.methods[purchase.method]),
          t.installments(
            purchase.installments,
            moneyOf(Math.round(purchase.totalCents / purchase.installments), language),
          ),
          t.credits(purchase.credits),
        ];
  return {
    to: mail.email,
    subject: t.subjects[mail.kind],
    text: [t.greeting(mail.firstName), "", ...body, "", t.area(area)].join("\n"),
  };
};
