import type { LevelView } from "@el/domain/catalog/catalog-views";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../../i18n/i18n";
import { optionNames } from "../../../test/options";
import { trailView } from "../../../test/trails";
import { SchedulePanel } from "./schedule-panel";

const LEVELS: LevelView[] = [
  { id: 1, name: "Begginer", active: true },
  { id: 2, name: "Intermediário", active: true },
  { id: 4, name: "Avançado", active: false },
  { id: 9, name: "Aula Experimental", active: true },
];
const TRAILS = [
  trailView({ id: 11, number: 1, title: "Greetings and introductions", level: { id: 1, name: "Begginer" } }),
  trailView({ id: 12, number: 2, title: "Numbers, dates and time", level: { id: 1, name: "Begginer" } }),
  trailView({ id: 21, number: 1, title: "Small talk at work", level: { id: 2, name: "Intermediário" } }),
  trailView({ id: 41, number: 1, title: "Negotiation", level: { id: 4, name: "Avançado" } }),
  trailView({ id: 91, number: 1, title: "Meet your teacher", level: { id: 9, name: "Aula Experimental" } }),
];
/** Tuesday 10 March 2026, 10:10 in São Paulo. */
const NOW = new Date("2026-03-10T13:10:00.000Z");

const renderPanel = (
  props: { balance?: number; trialCredits?: number; defaultLevelId?: number | null; onScheduled?: () => void } = {},
) =>
  render(
    <SchedulePanel
      levels={LEVELS}
      trails={TRAILS}
      balance={props.balance ?? 3}
      trialCredits={props.trialCredits ?? 0}
      defaultLevelId={props.defaultLevelId ?? null}
      objective="TRAVEL"
      now={() => NOW}
      onScheduled={props.onScheduled ?? (() => {})}
    />,
  );

const optionsOf = (label: string) => optionNames(screen.getByLabelText(label));

/** How `POST api/schedulings` answers the lesson asked for in `init`: created as `id`, on `trail`, at Begginer. */
const scheduled = (init: RequestInit | undefined, id: number, trail: { id: number; number: number; title: string }) => {
  const body = JSON.parse(String(init?.body));
  return new Response(
    JSON.stringify({
      id,
      date: body.date,
      objective: body.objective,
      trail,
      level: { id: 1, name: "Begginer" },
      lesson: null,
      createdDate: NOW.toISOString(),
    }),
    { status: 201, headers: { "Content-Type": "application/json" } },
  );
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("pt-br");
});

describe("the schedule panel", () => {
  it("asks for the level first, then offers only that level's trails as 'number - title'", async () => {
    renderPanel();
    expect(optionsOf("Nível")).toEqual(["Selecione o nível", "Begginer", "Intermediário", "Aula Experimental"]);
    expect(screen.getByLabelText("Conteúdo")).toBeDisabled();

    await userEvent.selectOptions(screen.getByLabelText("Nível"), "Begginer");
    expect(optionsOf("Conteúdo")).toEqual([
      "Selecione o conteúdo",
      "1 - Greetings and introductions",
      "2 - Numbers, dates and time",
    ]);
    await userEvent.selectOptions(screen.getByLabelText("Nível"), "Intermediário");
    expect(optionsOf("Conteúdo")).toEqual(["Selecione o conteúdo", "1 - Small talk at work"]);
  });

  it("names the seeded levels in English once English is chosen", async () => {
    await i18n.changeLanguage("en");
    renderPanel();
    expect(optionsOf("Level")).toEqual(["Choose the level", "Beginner", "Intermediate", "Trial lesson"]);
  });

  it("starts on the next full half hour today and offers only the times still ahead, on :00 and :30 up to 22:00", async () => {
    renderPanel({ defaultLevelId: 1 });
    expect(screen.getByLabelText("Data")).toHaveValue("2026-03-10");
    expect(screen.getByLabelText("Data")).toHaveAttribute("min", "2026-03-10");
    expect(screen.getByLabelText("Horário")).toHaveValue("10:30");
    const times = optionsOf("Horário").slice(1);
    expect(times[0]).toBe("10:30");
    expect(times.at(-1)).toBe("22:00");
    expect(times.every((time) => /^\d\d:(00|30)$/.test(time ?? ""))).toBe(true);

    await userEvent.clear(screen.getByLabelText("Data"));
    await userEvent.type(screen.getByLabelText("Data"), "2026-03-11");
    expect(optionsOf("Horário")[1]).toBe("07:00");
  });

  it("says which fields are missing and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(screen.getAllByText("Este campo é obrigatório")).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says a past day is in the past, not that the field is required, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderPanel({ defaultLevelId: 1 });
    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Greetings and introductions");
    await userEvent.clear(screen.getByLabelText("Data"));
    await userEvent.type(screen.getByLabelText("Data"), "2026-03-09");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(screen.getByText("Esta data já passou. Escolha hoje ou um dia à frente.")).toBeInTheDocument();
    expect(screen.queryByText("Este campo é obrigatório")).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says a time that went by while the form was open has passed", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    let now = NOW;
    render(
      <SchedulePanel
        levels={LEVELS}
        trails={TRAILS}
        balance={3}
        defaultLevelId={1}
        objective="TRAVEL"
        now={() => now}
        onScheduled={() => {}}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Greetings and introductions");
    expect(screen.getByLabelText("Horário")).toHaveValue("10:30");
    now = new Date("2026-03-10T13:45:00.000Z");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(screen.getByText("Este horário já passou. Escolha um horário à frente.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("cannot be sent when the credits ran out, and says where to buy more", () => {
    renderPanel({ balance: 0, defaultLevelId: 1 });
    expect(screen.getByRole("button", { name: "Agendar" })).toBeDisabled();
    expect(
      screen.getByText('Seus créditos acabaram! Para agendar realize a compra no menu "Contratar aulas"'),
    ).toBeInTheDocument();
  });

  it("schedules at the chosen São Paulo time, then confirms and offers to schedule another", async () => {
    const fetch = vi.fn(async (_url: URL, init?: RequestInit) =>
      scheduled(init, 1001, { id: 12, number: 2, title: "Numbers, dates and time" }),
    );
    vi.stubGlobal("fetch", fetch);
    const onScheduled = vi.fn();
    renderPanel({ defaultLevelId: 1, onScheduled });

    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "2 - Numbers, dates and time");
    await userEvent.clear(screen.getByLabelText("Data"));
    await userEvent.type(screen.getByLabelText("Data"), "2026-03-12");
    await userEvent.selectOptions(screen.getByLabelText("Horário"), "19:30");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));

    expect(await screen.findByText("Agendamento realizado com sucesso!")).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe("/api/schedulings");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      trail: { id: 12 },
      level: { id: 1 },
      date: "2026-03-12T19:30:00.000-03:00",
      objective: "TRAVEL",
    });
    expect(onScheduled).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole("button", { name: "Agendar nova aula" }));
    expect(screen.getByRole("button", { name: "Agendar" })).toBeEnabled();
    expect(screen.getByLabelText("Conteúdo")).toHaveValue("");
  });

  it("retries with the same Idempotency-Key after a lost answer, so the credit is spent once; a new lesson gets a new key", async () => {
    let attempt = 0;
    const fetch = vi.fn(async (_url: URL, init: RequestInit) => {
      // The first answer never arrives (the server may have created the lesson): the student tries again.
      if (++attempt === 1) throw new TypeError("Failed to fetch");
      return scheduled(init, 1002, { id: 11, number: 1, title: "Greetings and introductions" });
    });
    vi.stubGlobal("fetch", fetch);
    renderPanel({ defaultLevelId: 1 });
    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Greetings and introductions");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(
      await screen.findByText("Não foi possível falar com o servidor. Verifique sua conexão."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(await screen.findByText("Agendamento realizado com sucesso!")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Agendar nova aula" }));
    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Greetings and introductions");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    await screen.findByText("Agendamento realizado com sucesso!");

    const keys = fetch.mock.calls.map(([, init]) => new Headers(init.headers).get("Idempotency-Key"));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows the server's reason when the scheduling is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: "Suas aulas acabaram. Para prosseguir com o agendamento é necessário comprar mais aulas.",
            }),
            { status: 400, headers: { "Content-Type": "application/json" } },
          ),
      ),
    );
    renderPanel({ defaultLevelId: 1 });
    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Greetings and introductions");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(
      await screen.findByText(
        "Suas aulas acabaram. Para prosseguir com o agendamento é necessário comprar mais aulas.",
      ),
    ).toBeInTheDocument();
  });

  it("tells the student she already has a lesson at that time when the server refuses a second one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              status: 400,
              title: "Bad Request",
              message: "error.lesson.studentBusy",
              fieldErrors: [{ field: "date", message: "error.lesson.studentBusy" }],
            }),
            { status: 400, headers: { "Content-Type": "application/json", "X-app-error": "error.lesson.studentBusy" } },
          ),
      ),
    );
    renderPanel({ defaultLevelId: 1 });
    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Greetings and introductions");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(
      (await screen.findAllByText("Você já tem uma aula neste horário. Escolha outro horário.")).length,
    ).toBeGreaterThan(0);
  });

  it("lets a student with only the free trial lesson schedule an Aula Experimental lesson, and nothing else", async () => {
    const fetch = vi.fn(async (_: RequestInfo | URL, init?: RequestInit) =>
      scheduled(init, 1009, { id: 91, number: 1, title: "Meet your teacher" }),
    );
    vi.stubGlobal("fetch", fetch);
    const onScheduled = vi.fn();
    renderPanel({ balance: 0, trialCredits: 1, defaultLevelId: 1, onScheduled });
    expect(optionsOf("Nível")).toEqual(["Selecione o nível", "Aula Experimental"]);
    expect(screen.getByLabelText("Nível")).toHaveValue("9");
    expect(optionsOf("Conteúdo")).toEqual(["Selecione o conteúdo", "1 - Meet your teacher"]);
    expect(screen.queryByText(/Seus créditos acabaram!/)).not.toBeInTheDocument();
    expect(screen.getByText(/Sua aula experimental grátis está disponível/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Conteúdo"), "1 - Meet your teacher");
    await userEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(await screen.findByText("Agendamento realizado com sucesso!")).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ level: { id: 9 }, trail: { id: 91 } });
  });

  it("offers every level beside the trial one while paid credits are left", () => {
    renderPanel({ balance: 2, trialCredits: 1 });
    expect(optionsOf("Nível")).toEqual(["Selecione o nível", "Begginer", "Intermediário", "Aula Experimental"]);
  });

  it("cannot be sent with neither paid credits nor a trial lesson left", () => {
    renderPanel({ balance: 0, trialCredits: 0, defaultLevelId: 1 });
    expect(screen.getByRole("button", { name: "Agendar" })).toBeDisabled();
  });
});
