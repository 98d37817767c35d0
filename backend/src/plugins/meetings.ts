import { randomBytes } from "node:crypto";
import fp from "fastify-plugin";

/**
 * Where a claimed lesson's video call happens. The built-in provider needs no account; a Google
 * Calendar/Meet provider (the spec's calendar-authorisation flow) can implement the same interface.
 */
export interface MeetingProvider {
  createMeeting(lesson: { id: number; date: string }): Promise<{ meetUrl: string }>;
}

/**
 * Jitsi Meet opens a room for whoever first visits its URL, so a room name nobody can guess is all a
 * lesson needs: the lesson id for support, plus random bytes so a link cannot be derived from the id.
 */
export const jitsiMeetingProvider = (baseUrl = "https://meet.jit.si"): MeetingProvider => ({
  async createMeeting(lesson) {
    return { meetUrl: `${baseUrl}/EnglishLessons-${lesson.id}-${randomBytes(9).toString("base64url")}` };
  },
});

declare module "fastify" {
  interface FastifyInstance {
    meetings: MeetingProvider;
  }
}

export interface MeetingsPluginOptions {
  /** Replaces the provider the configuration chooses (a test fixes the links it hands out). */
  meetings?: MeetingProvider;
}

/** `app.meetings`: where claimed lessons get their video link; Jitsi Meet needs no account or key. */
export const meetingsPlugin = fp<MeetingsPluginOptions>(
  async (app, options) => {
    app.decorate("meetings", options.meetings ?? jitsiMeetingProvider());
  },
  { name: "meetings" },
);
