import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import { formatDigitableLine } from "./boleto";

export interface BoletoDocument {
  barcode: string;
  digitableLine: string;
  /** YYYY-MM-DD */
  dueDate: string;
  amountCents: number;
  beneficiary: string;
  payerName: string;
  /** Digits only. */
  payerCpf: string;
  orderId: string;
}

/** PDF points per millimetre: FEBRABAN sizes a boleto barcode at 103 × 13 mm. */
const MM = 72 / 25.4;
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const dayMonthYear = (isoDate: string) => isoDate.split("-").reverse().join("/");
const maskedCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/**
 * A printable boleto (A4): the digitable line, who pays whom, how much and by when, and the Interleaved 2 of 5
 * barcode a bank's scanner reads. The barcode's bar widths follow FEBRABAN's proportions closely enough to scan
 * from a printout (narrow bar about 0.33 mm, 13 mm high).
 */
export const renderBoletoPdf = async (boleto: BoletoDocument): Promise<Buffer> => {
  const barcodePng = await bwipjs.toBuffer({
    bcid: "interleaved2of5",
    text: boleto.barcode,
    scale: 3,
    height: 13,
    includetext: false,
  });
  const document = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Boleto ${boleto.orderId}` } });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });

  document.fontSize(16).font("Helvetica-Bold").text("Boleto bancário (ambiente de testes)");
  document.moveDown(0.5).fontSize(12).font("Courier-Bold").text(formatDigitableLine(boleto.digitableLine));
  document.moveDown();
  const rows: Array<[string, string]> = [
    ["Beneficiário", boleto.beneficiary],
    ["Pagador", `${boleto.payerName} — CPF ${maskedCpf(boleto.payerCpf)}`],
    ["Vencimento", dayMonthYear(boleto.dueDate)],
    ["Valor do documento", brl.format(boleto.amountCents / 100)],
    ["Número do pedido", boleto.orderId],
  ];
  for (const [label, value] of rows) {
    document.font("Helvetica-Bold").fontSize(9).text(label);
    document.font("Helvetica").fontSize(11).text(value).moveDown(0.4);
  }
  document
    .moveDown()
    .font("Helvetica")
    .fontSize(9)
    .text(
      "Gerado pelo ambiente de testes: nenhum banco o recebe. Pague-o pela opção “Pagar agora” do ambiente de testes.",
    );
  document.moveDown().image(barcodePng, { width: 103 * MM, height: 13 * MM });
  document.end();
  return finished;
};
