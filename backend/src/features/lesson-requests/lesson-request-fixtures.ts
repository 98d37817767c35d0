import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import type { FastifyInstance } from "fastify";
import type { TestApp } from "../../../test/app";
import type { Person } from "../../../test/lesson-fixtures";

/** Requests and answers as the web app sends them, for the lesson-request specs. */

export const requestTeacher = (
  app: FastifyInstance,
  student: Person,
  teacherId: number,
  body: { start: string; trailId: number; fallback?: "BOARD" | "CANCEL" },
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: "POST",
    url: `/api/teachers/${teacherId}/requests`,
    headers: { ...student.auth, ...headers },
    payload: { fallback: "BOARD", ...body },
  });

export const answerRequest = (app: FastifyInstance, person: Person, lessonId: number, answer: "accept" | "decline") =>
  app.inject({ method: "POST", url: `/api/lesson-requests/${lessonId}/${answer}`, headers: person.auth });

export const requestsOf = (app: FastifyInstance, person: Person) =>
  app.inject({ method: "GET", url: "/api/lesson-requests", headers: person.auth });

export const balanceOf = async (test: TestApp, person: Person) =>
  (await test.db.query<{ balance: number }>("select balance from users where id = $1", [person.id])).rows[0]?.balance;

export const lessonEventTypes = async (app: FastifyInstance, lessonId: number) =>
  (await app.eventStore.readStream(`lesson-${lessonId}`)).map((event) => event.type);

const HOUR = 3_600_000;

/**
 * The first whole hour at least `fromHours` ahead that the schedule form accepts (07:00 to 21:00 in São Paulo),
 * within `toHours`: any 10 hours hold one.
 */
export const aStartBetween = (fromHours: number, toHours: number, now = Date.now()) => {
  for (let at = Math.ceil((now + fromHours * HOUR) / HOUR) * HOUR; at < now + toHours * HOUR; at += HOUR) {
    const { hour } = wallClockOf(new Date(at));
    if (hour >= 7 && hour <= 21) return new Date(at).toISOString();
  }
  throw new Error(`no lesson hour between ${fromHours} and ${toHours} hours from now`);
};
