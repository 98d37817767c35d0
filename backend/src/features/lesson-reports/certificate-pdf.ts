import PDFDocument from "pdfkit";

export interface CertificateContent {
  studentName: string;
  hours: number;
  lessons: number;
  /** Each level and trail with the hours given in it. */
  trails: { level: string; trail: string; hours: number }[];
  /** When it is issued, an instant. */
  issuedAt: Date;
}

const TRAILS_SHOWN = 8;
const longDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "America/Sao_Paulo" });
const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hora" : "horas"}`;

/**
 * The certificate of hours completed (A4, landscape), made with pdfkit as the boletos are. Uncompressed: a
 * one-page document stays small, and its text can be read back by the specs.
 */
export const renderCertificatePdf = (content: CertificateContent): Promise<Buffer> => {
  const document = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 60,
    compress: false,
    info: { Title: "Certificado de horas de aula", Author: "English Lessons" },
  });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });
  const width = document.page.width - 120;
  document
    .rect(30, 30, document.page.width - 60, document.page.height - 60)
    .lineWidth(2)
    .stroke("#1d4ed8");
  document.moveDown(2).font("Helvetica-Bold").fontSize(28).fillColor("#1d4ed8");
  document.text("Certificado de horas de aula", { align: "center", width });
  document.moveDown(1.5).font("Helvetica").fontSize(14).fillColor("#111827");
  document.text("Certificamos que", { align: "center", width });
  document.moveDown(0.5).font("Helvetica-Bold").fontSize(22).text(content.studentName, { align: "center", width });
  document.moveDown(0.5).font("Helvetica").fontSize(14);
  document.text(
    `concluiu ${hoursText(content.hours)} de aulas de inglês (${content.lessons} ${content.lessons === 1 ? "aula" : "aulas"}) na English Lessons.`,
    { align: "center", width },
  );
  if (content.trails.length > 0) {
    document.moveDown(1).fontSize(11);
    // One page: the trails with the most hours, and how many more there are.
    const shown = [...content.trails].sort((a, b) => b.hours - a.hours).slice(0, TRAILS_SHOWN);
    for (const row of shown)
      document.text(`${row.level} · ${row.trail}: ${hoursText(row.hours)}`, { align: "center", width });
    const more = content.trails.length - shown.length;
    if (more > 0) document.text(`e mais ${more} ${more === 1 ? "trilha" : "trilhas"}`, { align: "center", width });
  }
  document.moveDown(2).fontSize(11).fillColor("#374151");
  document.text(`Emitido em ${longDate.format(content.issuedAt)}.`, { align: "center", width });
  document.end();
  return finished;
};
