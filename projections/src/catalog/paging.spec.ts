import { describe, expect, it } from "vitest";
import { orderAndPage } from "./paging";

describe("orderAndPage", () => {
  it("orders by the sortable fields asked for, then by id", () => {
    const { clause, params } = orderAndPage({ page: 2, size: 10, sort: ["name,desc"] }, { name: "name" }, "id asc", 1);
    expect(clause).toBe("order by name desc, id asc limit $1 offset $2");
    expect(params).toEqual([10, 20]);
  });

  it("ignores a sort field that is a property of every object (toString, constructor), keeping the default order", () => {
    const { clause } = orderAndPage(
      { page: 0, size: 5, sort: ["toString,asc", "constructor", "__proto__,desc"] },
      { name: "name" },
      "id asc",
      1,
    );
    expect(clause).toBe("order by id asc, id asc limit $1 offset $2");
  });
});
