import type { Position, RecordedEvent } from "@el/domain";
import { describe, expect, it } from "vitest";
import { createReads } from "./reads";

const at = (globalPosition: number): Position => ({ transactionId: 1n, globalPosition: BigInt(globalPosition) });

const fakeSource = () => {
  const calls: Position[] = [];
  const answers: ((events: RecordedEvent[]) => void)[] = [];
  return {
    calls,
    answer: (events: RecordedEvent[] = []) => answers.shift()?.(events),
    readAll: (after: Position) => {
      calls.push(after);
      return new Promise<RecordedEvent[]>((resolve) => answers.push(resolve));
    },
  };
};

describe("the runner's shared reads", () => {
  it("given a read under way, when another loop reads from the same position with nothing announced since, then it joins that read and is one of its readers", async () => {
    const source = fakeSource();
    const read = createReads({ source, batchSize: 10, announced: () => 0 });
    const first = read(at(1));
    const second = read(at(1));
    source.answer();
    expect(source.calls).toEqual([at(1)]);
    expect(await first).toBe(await second);
    expect((await first).undecided).toBe(2);
  });

  it("given a read under way, when an append was announced since it was sent, then the next read is sent anew (the first may miss it)", async () => {
    const source = fakeSource();
    let announced = 0;
    const read = createReads({ source, batchSize: 10, announced: () => announced });
    const first = read(at(1));
    announced++;
    const second = read(at(1));
    source.answer();
    source.answer();
    expect(source.calls).toEqual([at(1), at(1)]);
    expect((await first).undecided).toBe(1);
    expect((await second).undecided).toBe(1);
  });

  it("given reads from other positions, or after the last answered, then each is a read of its own", async () => {
    const source = fakeSource();
    const read = createReads({ source, batchSize: 10, announced: () => 0 });
    const first = read(at(1));
    const other = read(at(2));
    source.answer();
    source.answer();
    await Promise.all([first, other]);
    const again = read(at(1));
    source.answer();
    await again;
    expect(source.calls).toEqual([at(1), at(2), at(1)]);
  });
});
