import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeViaCep, startFakeViaCep } from "../../backend/test/fake-viacep";
import {
  ADMIN,
  expectStatus,
  launchBrowser,
  type Product,
  screenshots,
  signedUpStudent,
  startProduct,
} from "./harness";
import { neverReloaded, signedIn } from "./sign-in";

let viaCep: FakeViaCep;
let product: Product;
let browser: Browser;
let studentToken: string;

const STUDENT = { email: "bia.lima@example.com", password: "aprender123", firstName: "Bia", lastName: "Lima" };

beforeAll(async () => {
  viaCep = await startFakeViaCep();
  product = await startProduct({ VIACEP_BASE_URL: viaCep.baseUrl });
  browser = await launchBrowser();
  const adminToken = await product.login(ADMIN.email, ADMIN.password);
  expectStatus(
    await product.api("POST", "/api/coupons", {
      token: adminToken,
      body: { code: "BEMVINDO10", quantity: 5, discount: 10, percentual: true, active: true },
    }),
    201,
  );
  await signedUpStudent(product, STUDENT);
  studentToken = await product.login(STUDENT.email, STUDENT.password);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await viaCep?.close();
});

const signedInAt = (path: string) => signedIn(browser, product, STUDENT, path, { width: 1280, height: 1000 });
const balance = (page: Page) => page.getByTestId("student-balance").textContent();

const addPack = async (page: Page, amount: number) => {
  const name = amount === 1 ? "Pacote de 1 aula" : `Pacote de ${amount} aulas`;
  await page
    .getByRole("article", { name })
    .getByRole("button", { name: `Adicionar um pacote de ${amount} aulas` })
    .click();
};

/** The buyer's CPF and address: the CEP fills the street, neighbourhood, city and state. */
const fillBuyer = async (page: Page) => {
  const cpf = page.getByLabel("CPF", { exact: true });
  if ((await cpf.inputValue()) === "") await cpf.pressSequentially("52998224725");
  const cep = page.getByLabel("CEP", { exact: true });
  if ((await cep.inputValue()) === "") await cep.pressSequentially("01001000");
  await expect
    .poll(() => page.getByLabel("Rua", { exact: true }).inputValue(), { timeout: 10_000 })
    .toBe("Praça da Sé");
  const number = page.getByLabel("Número", { exact: true });
  if ((await number.inputValue()) === "") await number.fill("100");
};

const fillCard = async (page: Page) => {
  await page.getByLabel("Número do cartão").pressSequentially("4111111111111111");
  await page.getByLabel("Nome impresso no cartão").fill("BIA LIMA");
  await page.getByLabel("Validade (MM/AA)").pressSequentially("1230");
  await page.getByLabel("CVC").pressSequentially("123");
};

const myPurchases = async () =>
  (await product.api<PurchaseView[]>("GET", "/api/purchases/authenticatedUser", { token: studentToken })).body;

describe("buying lessons in a real browser", () => {
  it("a new student sees the free trial, buys 4 lessons with a coupon by card in 2x, pays a Pix live and a debit through the bank", async () => {
    const shot = screenshots("purchases");
    const page = await signedInAt("/student/contratar-aulas");

    // The landing page's promise: one free trial lesson, shown as such.
    await expect
      .poll(() => page.getByTestId("student-trial").textContent(), { timeout: 15_000 })
      .toBe("1 aula experimental");
    expect(await balance(page)).toBe("Saldo: 0 aula");
    await shot(page, "new-student-with-trial");

    // A 4-lesson pack with a 10 % coupon, by credit card in 2x.
    await addPack(page, 4);
    await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await page.getByLabel("Cupom de desconto").fill("BEMVINDO10");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect.poll(() => page.getByTestId("cart-total").textContent(), { timeout: 10_000 }).toBe("R$ 162,00");
    await fillBuyer(page);
    await page.getByRole("radio", { name: "Cartão de crédito" }).check();
    await fillCard(page);
    await page.getByLabel("Parcelas").selectOption({ label: "2x de R$ 81,00 sem juros" });
    await shot(page, "card-checkout-filled");
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    const result = page.getByRole("dialog");
    await expect
      .poll(() => result.getByText("Compra realizada com sucesso!").isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => balance(page), { timeout: 15_000 }).toBe("Saldo: 4 aulas");
    await shot(page, "card-approved-balance-4");
    const [paidByCard] = await myPurchases();
    expect(paidByCard).toMatchObject({ status: "PAID", installments: 2, total: 162, coupon: { code: "BEMVINDO10" } });
    await result.getByRole("button", { name: "Fechar" }).last().click();

    // A second purchase by Pix: the QR code, then paid by the sandbox payer, and the screen turns live.
    await addPack(page, 1);
    await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await fillBuyer(page);
    await page.getByRole("radio", { name: "Pix" }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    const pix = page.getByRole("dialog");
    await expect
      .poll(() => pix.getByRole("img", { name: "QR Code do Pix" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await pix.getByLabel("Pix copia e cola").inputValue()).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await shot(page, "pix-qr-code");
    const awaiting = (await myPurchases()).find((purchase) => purchase.status === "AWAIT_PAYMENT");
    expectStatus(await product.api("POST", `/api/sandbox/purchases/${awaiting?.id}/pay`, { token: studentToken }), 200);
    await expect.poll(() => pix.getByText("Pagamento confirmado").isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => balance(page), { timeout: 15_000 }).toBe("Saldo: 5 aulas");
    await shot(page, "pix-paid-live");
    expect(await neverReloaded(page)).toBe(true);
    await pix.getByRole("button", { name: "Fechar" }).last().click();

    // A debit purchase: the bank's authentication page, and back.
    await addPack(page, 1);
    await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await fillBuyer(page);
    await page.getByRole("radio", { name: "Cartão de débito" }).check();
    await fillCard(page);
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    await page.waitForURL((url) => url.pathname === "/debit/confirmation", { timeout: 30_000 });
    const bank = page.frameLocator("iframe");
    await expect
      .poll(() => bank.getByRole("button", { name: "Autenticar" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shot(page, "debit-bank-page");
    await bank.getByRole("button", { name: "Autenticar" }).click();
    await page.waitForURL((url) => url.pathname === "/student/contratar-aulas" && url.searchParams.has("purchase"), {
      timeout: 20_000,
    });
    await expect
      .poll(() => page.getByRole("dialog").getByText("Compra realizada com sucesso!").isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => balance(page), { timeout: 15_000 }).toBe("Saldo: 6 aulas");
    await shot(page, "debit-approved");
    expect((await myPurchases()).map((purchase) => [purchase.method, purchase.status])).toEqual([
      ["DEBIT", "PAID"],
      ["PIX", "PAID"],
      ["CREDIT", "PAID"],
    ]);
  });
});
