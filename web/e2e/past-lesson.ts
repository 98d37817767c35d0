import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import {
  ADMIN,
  acceptedTeacher,
  expectStatus,
  freshDataDir,
  launchBrowser,
  type Product,
  signedUpStudent,
  startProduct,
} from "./harness";

type Person = Parameters<typeof signedUpStudent>[1];

const DAY = 24 * 60 * 60 * 1000;

export interface PastLessonJourney {
  product: Product;
  browser: Browser;
  dataDir: string;
}

/**
 * The product refuses lessons in the past, so a lesson that has ended is made as it would have been: the product
 * runs on the journey's data with its clock two days back, `student` (with two credits) schedules `start` on a
 * trail of level `level` and `teacher` claims it, through the API; the journey's product then starts on the same
 * data with the real clock, beside a browser.
 */
export const startWithPastLesson = async (options: {
  prefix: string;
  student: Person;
  teacher: Person;
  start: Date;
  level: number;
}): Promise<PastLessonJourney> => {
  const dataDir = await freshDataDir(options.prefix);
  const preload = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "clock-offset.mjs")).href;
  const past = await startProduct({
    DATA_DIR: dataDir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
    E2E_CLOCK_OFFSET_MS: String(-2 * DAY),
  });
  try {
    const admin = await past.login(ADMIN.email, ADMIN.password);
    await signedUpStudent(past, options.student);
    expectStatus(
      await past.api("POST", `/api/users/${options.student.email}/credits`, { token: admin, body: { amount: 2 } }),
      200,
    );
    await acceptedTeacher(past, admin, options.teacher);
    const trails = await past.api<{ id: number; level: { id: number } }[]>("GET", "/api/trails", { token: admin });
    expectStatus(trails, 200);
    const trail = trails.body.find((one) => one.level.id === options.level);
    const scheduled = await past.api<{ id: number }>("POST", "/api/schedulings", {
      token: await past.login(options.student.email, options.student.password),
      body: { trail: { id: trail?.id }, date: options.start.toISOString(), objective: "TRAVEL" },
    });
    expectStatus(scheduled, 201);
    expectStatus(
      await past.api("POST", "/api/lessons", {
        token: await past.login(options.teacher.email, options.teacher.password),
        body: { schedulingId: scheduled.body.id },
      }),
      201,
    );
  } finally {
    await past.stop();
  }
  return { product: await startProduct({ DATA_DIR: dataDir }), browser: await launchBrowser(), dataDir };
};

/** Closes what `startWithPastLesson` started (any part may be missing: its start failed) and removes its data. */
export const stopWithPastLesson = async (journey: Partial<PastLessonJourney>) => {
  await journey.browser?.close();
  await journey.product?.stop();
  if (journey.dataDir) rmSync(journey.dataDir, { recursive: true, force: true });
};

/**
 * On the first visit to a home the past lesson's feedback prompt opens by itself, once its request
 * answers; Escape leaves it for later (which stores the skip, so it does not open again).
 */
export const laterForFeedback = async (page: Page) => {
  const prompt = page.getByRole("dialog");
  await prompt.waitFor({ timeout: 20_000 });
  await page.keyboard.press("Escape");
  await prompt.waitFor({ state: "hidden", timeout: 20_000 });
};
