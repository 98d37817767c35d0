import { describe, expect, it } from "vitest";
import {
  addDayOff,
  addWindow,
  changeWindow,
  formatDate,
  isSendable,
  nextWindowOn,
  removeDayOff,
  removeWindow,
  WINDOW_ENDS,
  WINDOW_STARTS,
} from "./availability-draft";

const monday = { dayOfWeek: 1, start: "18:00", end: "22:00" };
const draft = { weekly: [monday], daysOff: ["2026-12-24"] };

describe("the availability draft", () => {
  it("offers starts from 07:00 to 22:00 and ends from 08:00 to 23:00, by half hours", () => {
    expect(WINDOW_STARTS.at(0)).toBe("07:00");
    expect(WINDOW_STARTS.at(1)).toBe("07:30");
    expect(WINDOW_STARTS.at(-1)).toBe("22:00");
    expect(WINDOW_ENDS.at(0)).toBe("08:00");
    expect(WINDOW_ENDS.at(-1)).toBe("23:00");
    expect(WINDOW_STARTS).toHaveLength(31);
  });

  it("adds 18:00–22:00 on a free day, and after the day's last window on a day that has one", () => {
    expect(nextWindowOn(draft, 2)).toEqual({ dayOfWeek: 2, start: "18:00", end: "22:00" });
    expect(nextWindowOn(draft, 1)).toEqual({ dayOfWeek: 1, start: "22:00", end: "23:00" });
    expect(nextWindowOn({ weekly: [{ dayOfWeek: 3, start: "07:00", end: "09:00" }], daysOff: [] }, 3)).toEqual({
      dayOfWeek: 3,
      start: "09:00",
      end: "11:00",
    });
  });

  it("adds nothing on a day whose last window reaches 23:00 or leaves less than an hour", () => {
    expect(nextWindowOn({ weekly: [{ dayOfWeek: 1, start: "20:00", end: "23:00" }], daysOff: [] }, 1)).toBeNull();
    expect(nextWindowOn({ weekly: [{ dayOfWeek: 1, start: "20:00", end: "22:30" }], daysOff: [] }, 1)).toBeNull();
  });

  it("adds, changes and removes windows by their place in the list", () => {
    const added = addWindow(draft, { dayOfWeek: 2, start: "09:00", end: "12:00" });
    expect(added.weekly).toHaveLength(2);
    expect(changeWindow(added, 1, { end: "11:00" }).weekly[1]).toEqual({ dayOfWeek: 2, start: "09:00", end: "11:00" });
    expect(removeWindow(added, 0).weekly).toEqual([{ dayOfWeek: 2, start: "09:00", end: "12:00" }]);
    expect(draft.weekly).toEqual([monday]);
  });

  it("keeps dates off sorted and without repeats", () => {
    const more = addDayOff(addDayOff(draft, "2026-12-01"), "2026-12-24");
    expect(more.daysOff).toEqual(["2026-12-01", "2026-12-24"]);
    expect(removeDayOff(more, "2026-12-24").daysOff).toEqual(["2026-12-01"]);
  });

  it("refuses to send a window shorter than a lesson", () => {
    expect(isSendable(draft)).toBe(true);
    expect(isSendable(changeWindow(draft, 0, { end: "18:30" }))).toBe(false);
    expect(isSendable(changeWindow(draft, 0, { start: "22:00", end: "20:00" }))).toBe(false);
  });

  it("writes a date as the spec does", () => {
    expect(formatDate("2026-12-24")).toBe("24/12/2026");
  });
});
