import { describe, expect, it } from "vitest";
import { directoryQueryOf, directorySearchOf, directoryStateOf, NO_FILTERS } from "./directory-query";

describe("the directory's place in the URL", () => {
  it("asks the API for the URL's filters, order and page, the page zero-based", () => {
    const state = directoryStateOf(
      new URLSearchParams(
        "q=ana&speciality=TRAVEL&language=pt&levelId=2&minRating=4.5&freeThisWeek=true&sort=rating&page=3",
      ),
    );
    expect(directoryQueryOf(state)).toEqual({
      q: "ana",
      speciality: "TRAVEL",
      language: "pt",
      levelId: 2,
      minRating: 4.5,
      freeThisWeek: true,
      sort: "rating",
      page: 2,
      size: 12,
    });
  });

  it("leaves out what it does not understand instead of sending it", () => {
    const state = directoryStateOf(
      new URLSearchParams("speciality=COOKING&language=xx&levelId=-1&minRating=9&freeThisWeek=yes&sort=price&page=0"),
    );
    expect(directoryQueryOf(state)).toEqual({ sort: "relevance", page: 0, size: 12 });
  });

  it("writes only the chosen filters, the order when not the default, and the page after the first", () => {
    expect(directorySearchOf({ ...NO_FILTERS, q: " ana ", freeThisWeek: "true" }, "relevance").toString()).toBe(
      "q=ana&freeThisWeek=true",
    );
    expect(directorySearchOf(NO_FILTERS, "nextFreeSlot", 2).toString()).toBe("sort=nextFreeSlot&page=2");
  });
});
