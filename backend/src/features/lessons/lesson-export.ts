import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { Objective } from "@el/domain/accounts/account";
import type { LessonControlFilters } from "@el/domain/lessons/lesson-control-view";
import { fullName } from "@el/domain/shared/full-name";
import type { Sql } from "@el/projections";
import { exportLessonControl, type LessonExportRow } from "@el/projections/lessons/index";
import { inertCell } from "../../http/spreadsheet-cells";

/**
 * The lesson-control export: every lesson the filters match with both feedbacks, as CSV (UTF-8 with a
 * BOM and `;`, what Excel in Brazil opens with its accents and columns right) or XLSX. Both are written
 * while the keyed pages are read, one page in memory at a time, so the size of the export does not
 * change what the process holds.
 */

const OBJECTIVES: Record<Objective, string> = {
  PROFESSIONAL: "Profissional",
  TRAVEL: "Viagem",
  CERTIFICATION: "Certificação",
  SELF_DEVELOPMENT: "Desenvolvimento pessoal",
  OTHERS: "Outros",
};

const TEACHER_STATUS: Record<number, string> = { 1: "Realizada", 2: "Parcialmente realizada", 3: "Não realizada" };

const nameOf = (person: { firstName: string; lastName: string | null } | null) => (person ? fullName(person) : "");

/** `YYYY-MM-DD` as the spec shows days: DD/MM/YYYY. */
const brazilianDay = (day: string) => day.split("-").reverse().join("/");

const HEADER = [
  "ID",
  "Aluno",
  "Nível",
  "Objetivo",
  "Título da aula",
  "Data",
  "Hora",
  "Professor",
  "Pagamento",
  "Nota do aluno",
  "Comentário do aluno",
  "Aula (professor)",
  "Nota do material",
  "Informações do professor",
  "Sugestões",
  "Sugestões de produto",
  "Sobre o aluno",
  "Onde a aula parou",
];

type Cell = string | number;

const cellsOf = (row: LessonExportRow): Cell[] => {
  const student = row.studentFeedback;
  const teacher = row.teacherFeedback;
  return [
    row.id,
    nameOf(row.student),
    row.level.name,
    OBJECTIVES[row.objective],
    `${row.trail.number} - ${row.trail.title}`,
    brazilianDay(row.date),
    row.time,
    nameOf(row.teacher),
    row.payment ? "Pago" : "Pendente",
    student?.note ?? "",
    student?.information ?? "",
    teacher?.status ? (TEACHER_STATUS[teacher.status] ?? "") : "",
    teacher?.note ?? "",
    teacher?.information ?? "",
    teacher?.sugestions ?? "",
    teacher?.productSugestions ?? "",
    teacher?.studentInformation ?? "",
    teacher?.partialyHeld ?? "",
  ].map(inertCell);
};

/** One CSV field: quoted when it holds the separator, a quote or a line break (RFC 4180, with `;`). */
const csvField = (value: Cell) => {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(";")}\r\n`;

export type ExportFormat = "csv" | "xlsx";

export const exportContentType: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Each page of rows as CSV text, the BOM and header first. */
async function* csvOf(pages: AsyncIterable<LessonExportRow[]>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`;
  for await (const page of pages) yield page.map((row) => csvLine(cellsOf(row))).join("");
}

/**
 * The XLSX through exceljs's streaming writer: each row is committed (written out) as it comes. exceljs is loaded
 * at the first XLSX export, not at the process's start: loading it took about a second of every start.
 */
const xlsxOf = (pages: AsyncIterable<LessonExportRow[]>, sheetName: string): Readable => {
  const out = new PassThrough();
  void (async () => {
    try {
      const { default: ExcelJS } = await import("exceljs");
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useSharedStrings: false,
        useStyles: false,
      });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.addRow(HEADER).commit();
      for await (const page of pages) {
        for (const row of page) sheet.addRow(cellsOf(row)).commit();
        // The next page is read only once the client has taken this one.
        if (out.writableNeedDrain) await once(out, "drain");
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
};

/** The export as a stream of bytes in the format asked. */
export const lessonExport = (sql: Sql, filters: LessonControlFilters, format: ExportFormat): Readable => {
  const pages = exportLessonControl(sql, filters);
  return format === "csv" ? Readable.from(csvOf(pages)) : xlsxOf(pages, "Aulas");
};

/** A download's name with today's date: `controle-de-aulas-2026-11-24.csv`. */
export const exportFileName = (base: string, format: ExportFormat, now: Date) =>
  `${base}-${now.toISOString().slice(0, 10)}.${format}`;
