import type { PurchaseView } from "@el/domain/purchasing/purchase-views";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGetnet, FINGERPRINT_PATH, startFakeGetnet } from "../../backend/test/fake-getnet";
import { type FakeViaCep, startFakeViaCep } from "../../backend/test/fake-viacep";
import {
  ADMIN,
  expectAccessible,
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

    // A second purchase by Pix: the QR code, then paid by the sandbox payer, and the screen turns live. The
    // CPF and address the first checkout kept fill the form.
    await addPack(page, 1);
    await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await expect
      .poll(() => page.getByLabel("CPF", { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe("529.982.247-25");
    expect(await page.getByLabel("Número", { exact: true }).inputValue()).toBe("100");
    await fillBuyer(page);
    await page.getByRole("radio", { name: "Pix" }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    const pix = page.getByRole("dialog");
    await expect
      .poll(() => pix.getByRole("img", { name: "QR Code do Pix" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await pix.getByLabel("Pix copia e cola").inputValue()).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await shot(page, "pix-qr-code");
    await pix.getByRole("button", { name: "Pagar (sandbox)" }).click();
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

describe("a debit at another address than BASE_URL, in a real browser", () => {
  it("goes through the bank's page and back at that address, and a debit the bank never answered is given up", async () => {
    const shot = screenshots("purchases-elsewhere");
    // The product's BASE_URL is http://127.0.0.1:port; the student opened it as localhost.
    const elsewhere = { ...product, baseUrl: product.baseUrl.replace("127.0.0.1", "localhost") };
    const page = await signedIn(browser, elsewhere, STUDENT, "/student/contratar-aulas", { width: 390, height: 844 });
    const lessons = async () => Number((await balance(page))?.replace(/\D/g, ""));
    const before = await lessons();

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
    await bank.getByRole("button", { name: "Autenticar" }).click();
    await page.waitForURL((url) => url.pathname === "/student/contratar-aulas" && url.searchParams.has("purchase"), {
      timeout: 20_000,
    });
    expect(new URL(page.url()).hostname).toBe("localhost");
    await expect
      .poll(() => page.getByRole("dialog").getByText("Compra realizada com sucesso!").isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(lessons, { timeout: 15_000 }).toBe(before + 1);
    await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).last().click();

    // The next debit's bank never answers: the page offers the way out, and the purchase ends unpaid.
    await addPack(page, 1);
    await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await fillBuyer(page);
    await page.getByRole("radio", { name: "Cartão de débito" }).check();
    await fillCard(page);
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    await page.waitForURL((url) => url.pathname === "/debit/confirmation", { timeout: 30_000 });
    await expect
      .poll(() => bank.getByRole("button", { name: "Autenticar" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shot(page, "debit-page-with-way-out");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Desistir desta compra" }).click();
    await page.waitForURL((url) => url.pathname === "/student/contratar-aulas" && url.searchParams.has("purchase"), {
      timeout: 20_000,
    });
    const result = page.getByRole("dialog");
    await expect
      .poll(() => result.getByText("Compra cancelada: o pagamento no débito foi abandonado.").isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await shot(page, "debit-given-up");
    await expectAccessible(page);
    expect(await lessons()).toBe(before + 1);
    const [givenUp] = await myPurchases();
    expect(givenUp).toMatchObject({ method: "DEBIT", status: "FAILED", payment: null });
  });
});

describe("buying through Getnet in a real browser", () => {
  let getnet: FakeGetnet;
  let sold: Product;
  beforeAll(async () => {
    getnet = await startFakeGetnet();
    sold = await startProduct({
      VIACEP_BASE_URL: viaCep.baseUrl,
      GETNET_CLIENT_ID: getnet.credentials.clientId,
      GETNET_CLIENT_SECRET: getnet.credentials.clientSecret,
      GETNET_SELLER_ID: getnet.credentials.sellerId,
      GETNET_BASE_URL: getnet.baseUrl,
      GETNET_FINGERPRINT_URL: `${getnet.baseUrl}${FINGERPRINT_PATH}`,
    });
    await signedUpStudent(sold, STUDENT);
  });
  afterAll(async () => {
    await sold?.stop();
    await getnet?.close();
  });

  it("loads the device fingerprint with the pre-order's session id, and Getnet gets that id with the card payment", async () => {
    const page = await signedIn(browser, sold, STUDENT, "/student/contratar-aulas", { width: 1280, height: 1000 });
    await addPack(page, 4);
    await page.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await fillBuyer(page);
    await page.getByRole("radio", { name: "Cartão de crédito" }).check();
    await fillCard(page);
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    await expect
      .poll(() => page.getByRole("dialog").getByText("Compra realizada com sucesso!").isVisible(), { timeout: 30_000 })
      .toBe(true);
    // No sandbox here: its "pay now" is nowhere.
    expect(await page.getByRole("button", { name: "Pagar (sandbox)" }).count()).toBe(0);

    const tagAt = getnet.requests.findIndex((request) => request.path.startsWith(`${FINGERPRINT_PATH}?`));
    const paidAt = getnet.requests.findIndex(
      (request) => request.method === "POST" && request.path === "/v1/payments/credit",
    );
    expect(tagAt).toBeGreaterThanOrEqual(0);
    expect(paidAt).toBeGreaterThan(tagAt);
    const tag = new URL(getnet.requests[tagAt]?.path ?? "", getnet.baseUrl).searchParams;
    expect(tag.get("org_id")).toBe("1snn5n9w");
    const sessionId = tag.get("session_id") ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const payment = JSON.parse(getnet.requests[paidAt]?.body ?? "{}") as { device?: { device_id?: string } };
    expect(payment.device?.device_id).toBe(sessionId);
  });
});
