import { describe, expect, it } from "vitest";
import { seriesPausedMail } from "./series-mails";

const input = {
  email: "bia@example.com",
  firstName: "Bia",
  langKey: "pt-br",
  teacherName: "Ana Lima",
  start: "2026-12-01T19:00:00-03:00",
  date: "2026-12-15T19:00:00-03:00",
  baseUrl: "https://englishlessons.example/",
};

describe("the e-mail of a series paused for want of credits", () => {
  it("tells the student in Portuguese which lesson was not booked and links to Contratar aulas", () => {
    const mail = seriesPausedMail(input);
    expect(mail.to).toBe("bia@example.com");
    expect(mail.subject).toBe("Sua série de aulas está pausada");
    expect(mail.text).toContain("Olá, Bia!");
    expect(mail.text).toContain("a aula de 15/12/2026 da sua série de toda terça-feira às 19:00 com Ana Lima");
    expect(mail.text).toContain("Contratar aulas: https://englishlessons.example/student/contratar-aulas");
  });

  it("speaks English to a student whose language is English", () => {
    const mail = seriesPausedMail({ ...input, langKey: "en" });
    expect(mail.subject).toBe("Your lesson series is paused");
    expect(mail.text).toContain("the 2026-12-15 lesson of your series every Tuesday at 19:00 with Ana Lima");
    expect(mail.text).toContain("Buy lessons: https://englishlessons.example/student/contratar-aulas");
  });
});
