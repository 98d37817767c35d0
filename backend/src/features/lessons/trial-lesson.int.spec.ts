import { NO_CREDITS_LEFT, TRIAL_LEVEL_ID } from "@el/domain/accounts/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signedUpStudent } from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";
import { aTrail, saoPauloTime } from "../../../test/lesson-fixtures";

/** The landing page promises a free first lesson: every new student can book one trial lesson without paying. */
describe("the free trial lesson", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const account = async (auth: Record<string, string>) =>
    (await test.app.inject({ method: "GET", url: "/api/account", headers: auth })).json<{
      balance: number;
      trialCredits: number;
    }>();
  const schedule = (auth: Record<string, string>, trailId: number, days: number) =>
    test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: auth,
      payload: { trail: { id: trailId }, date: saoPauloTime(days, 10), objective: "TRAVEL" },
    });

  it("is there at sign-up, books a lesson of the trial level, and buys nothing else", async () => {
    const student = { auth: bearer((await signedUpStudent(test.app)).token) };
    expect(await account(student.auth)).toMatchObject({ balance: 0, trialCredits: 1 });

    const regular = await schedule(student.auth, (await aTrail(test.app, 1)).id, 2);
    expect(regular.statusCode).toBe(400);
    expect(regular.headers["x-app-error"] ?? regular.body).toContain(NO_CREDITS_LEFT);

    const trial = await schedule(student.auth, (await aTrail(test.app, TRIAL_LEVEL_ID)).id, 3);
    expect(trial.statusCode, trial.body).toBe(201);
    expect(await account(student.auth)).toMatchObject({ balance: 0, trialCredits: 0 });

    const second = await schedule(student.auth, (await aTrail(test.app, TRIAL_LEVEL_ID)).id, 4);
    expect(second.statusCode).toBe(400);
  });

  it("comes back when the trial lesson is cancelled", async () => {
    const student = { auth: bearer((await signedUpStudent(test.app)).token) };
    const trial = await schedule(student.auth, (await aTrail(test.app, TRIAL_LEVEL_ID)).id, 5);
    expect(trial.statusCode, trial.body).toBe(201);
    const cancelled = await test.app.inject({
      method: "DELETE",
      url: `/api/schedulings/${trial.json<{ id: number }>().id}`,
      headers: student.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await account(student.auth)).toMatchObject({ balance: 0, trialCredits: 1 });
  });
});
