import { randomBytes } from "node:crypto";

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
