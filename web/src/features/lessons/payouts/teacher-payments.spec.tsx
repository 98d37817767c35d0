import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeRequest, fakeApi, json } from "../../../test/fake-api";
import { teacherDetailExtras, teacherUser } from "../../../test/fake-teacher-detail";
import { renderRoutes } from "../../../test/render";
import { adminRoutes } from "../../../test/render-area";
import { signInAdministratorForEachTest } from "../../../test/sign-in";
import { tableRows } from "../../../test/table-rows";

const firstPaint = { timeout: 5000 };

const marcia = { ...teacherUser(1), hasMissingPayment: true };

const payment = (id: number) => ({ id, value: 25, valueCents: 2500, date: "2026-06-15T15:00:00.000Z" });

/** A lesson of June 2026 as `api/payments/teacher/{login}` answers it. */
const lesson = (
  lessonId: number,
  startsAt: string,
  student: string,
  state: { payment?: number; payable?: boolean; reportedNotHeld?: boolean } = {},
) => ({
  lessonId,
  startsAt,
  date: startsAt.slice(0, 10),
  time: "10:00",
  trail: { id: 10, number: 3, title: "Ordering food" },
  level: { id: 1, name: "Básico" },
  student: { id: lessonId + 100, firstName: student, lastName: "Souza" },
  held: state.payable ?? true,
  reportedNotHeld: state.reportedNotHeld ?? false,
  payable: (state.payable ?? true) && !state.reportedNotHeld,
  payment: state.payment ? payment(state.payment) : null,
});

const JUNE = [
  lesson(31, "2026-06-20T13:00:00.000Z", "Rui", { payable: false }),
  lesson(32, "2026-06-10T13:00:00.000Z", "Ana"),
  lesson(33, "2026-06-08T13:00:00.000Z", "Bia", { payment: 900 }),
  lesson(34, "2026-06-05T13:00:00.000Z", "Caio", { reportedNotHeld: true }),
];

const LESSONS_PATH = "GET /api/payments/teacher/marcia%40example.com";

const server = (handlers: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    "GET /api/account": () => json({ ...marcia, id: 9, login: "root", authorities: ["ROLE_ADMIN"] }),
    "GET /api/users/marcia%40example.com": () => json(marcia),
    [LESSONS_PATH]: () => json(JUNE),
    ...teacherDetailExtras(marcia.id),
    ...handlers,
  });

const renderDetail = () => renderRoutes(adminRoutes(), "/gerencia/professor/marcia%40example.com");

const rowOf = (student: string) => {
  const row = screen.getByRole("cell", { name: `${student} Souza` }).closest("tr");
  if (!row) throw new Error(`no row for ${student}`);
  return within(row);
};
const lessonsRead = (calls: FakeRequest[]) => calls.filter((call) => `${call.method} ${call.path}` === LESSONS_PATH);

signInAdministratorForEachTest();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-25T12:00:00-03:00"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the teacher detail's lessons and payments", () => {
  it("lists the teacher's lessons of this month by trail, student, date and time with their payment", async () => {
    const calls = server();
    renderDetail();
    await screen.findByRole("table", {}, firstPaint);
    expect(tableRows()).toEqual([
      ["3 - Ordering food", "Rui Souza", "20/06/26", "10:00", "A realizar"],
      ["3 - Ordering food", "Ana Souza", "10/06/26", "10:00", "Débito"],
      ["3 - Ordering food", "Bia Souza", "08/06/26", "10:00", "Quitado"],
      ["3 - Ordering food", "Caio Souza", "05/06/26", "10:00", "Não realizada"],
    ]);
    expect(screen.getByText("4 aulas no mês · a pagar: R$ 25,00")).toBeInTheDocument();
    expect(screen.getByLabelText("Ano")).toHaveDisplayValue("2026");
    expect(screen.getByLabelText("Mês")).toHaveDisplayValue("Junho");
    expect(lessonsRead(calls)[0]?.query.get("year")).toBe("2026");
    expect(lessonsRead(calls)[0]?.query.get("month")).toBe("6");
  });

  it("pays a lesson with Débito and undoes it with Quitado, naming the teacher", async () => {
    const calls = server({
      "POST /api/payments": () => json(payment(901), { status: 201 }),
      "DELETE /api/payments/901": () => json({ id: 901, lesson: { id: 32 } }),
    });
    renderDetail();
    await screen.findByRole("table", {}, firstPaint);
    const user = userEvent.setup();

    await user.click(rowOf("Ana").getByRole("button", { name: "Débito" }));
    await waitFor(() => expect(rowOf("Ana").getByRole("button", { name: "Quitado" })).toBeInTheDocument());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      lesson: { id: 32 },
      teacher: { login: "marcia@example.com" },
    });
    expect(screen.getByRole("button", { name: "Pagar todas deste mês" })).toBeDisabled();

    await user.click(rowOf("Ana").getByRole("button", { name: "Quitado" }));
    await waitFor(() => expect(rowOf("Ana").getByRole("button", { name: "Débito" })).toBeInTheDocument());
    const deleted = calls.find((call) => call.method === "DELETE");
    expect(deleted?.path).toBe("/api/payments/901");
    expect(deleted?.query.get("login")).toBe("marcia@example.com");
  });

  it("shows the server's refusal and leaves the lesson as it was", async () => {
    server({
      "POST /api/payments": () => json({ message: "Esta aula foi cancelada." }, { status: 400 }),
    });
    renderDetail();
    await screen.findByRole("table", {}, firstPaint);
    await userEvent.setup().click(rowOf("Ana").getByRole("button", { name: "Débito" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Esta aula foi cancelada.");
    expect(rowOf("Ana").getByRole("button", { name: "Débito" })).toBeEnabled();
  });

  it("pays every owed lesson of the month with one request, then shows the month as the server has it", async () => {
    let june = JUNE;
    const calls = server({
      [LESSONS_PATH]: () => json(june),
      "POST /api/payments/month": () => {
        june = JUNE.map((row) => (row.payable && !row.payment ? { ...row, payment: payment(902) } : row));
        return json({ paid: 1, payments: [{ lessonId: 32, paymentId: 902 }] });
      },
    });
    renderDetail();
    await screen.findByRole("table", {}, firstPaint);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Pagar todas deste mês" }));
    // It asks first, with how many lessons and how much; Escape keeps the month as it was.
    const dialog = screen.getByRole("dialog", { name: "Pagar as aulas do mês" });
    expect(dialog).toHaveTextContent(
      "Pagar 1 aula dada em Junho de 2026 e ainda não paga, no total de R$ 25,00? As aulas que ainda vão acontecer não são pagas.",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pagar todas deste mês" })).toHaveFocus();
    expect(calls.filter((call) => call.path === "/api/payments/month")).toEqual([]);

    await user.keyboard("{Enter}");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: /^Pagar R\$\s25,00$/ }));
    await waitFor(() => expect(rowOf("Ana").getByRole("button", { name: "Quitado" })).toBeInTheDocument());
    expect(calls.filter((call) => call.path === "/api/payments/month").map((call) => call.body)).toEqual([
      { teacher: { login: "marcia@example.com" }, year: 2026, month: 6 },
    ]);
    expect(screen.getByText("4 aulas no mês · a pagar: R$ 0,00")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pagar todas deste mês" })).toBeDisabled();
    expect(lessonsRead(calls)).toHaveLength(2);
  });

  it("reads another month when one is chosen", async () => {
    const calls = server({
      [LESSONS_PATH]: ({ query }) => json(query.get("month") === "5" ? [] : JUNE),
    });
    renderDetail();
    await screen.findByRole("table", {}, firstPaint);
    await userEvent.setup().selectOptions(screen.getByLabelText("Mês"), "Maio");
    expect(await screen.findByText("Nenhuma aula neste mês.")).toBeInTheDocument();
    expect(lessonsRead(calls).map((call) => call.query.get("month"))).toEqual(["6", "5"]);
  });
});
