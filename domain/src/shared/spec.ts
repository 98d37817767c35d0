import { expect } from "vitest";
import type { Decider } from "./decider";
import { DomainError } from "./errors";

/**
 * given/when/then for deciders:
 *   given([registered]).when(scheduleLesson).then([lessonScheduled]);
 *   given([registered]).when(scheduleLesson).thenThrows("Sem créditos");
 */
export const specFor = <Command, Event, State>(decider: Decider<Command, Event, State>) => {
  return (history: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then reads as the spec it is; never awaited.
        then: (expected: Event[]) => {
          expect(run()).toEqual(expected);
        },
        thenThrows: (messageKey: string, code?: DomainError["code"]) => {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught, "expected the command to be refused").toBeInstanceOf(DomainError);
          expect((caught as DomainError).messageKey).toBe(messageKey);
          if (code) expect((caught as DomainError).code).toBe(code);
        },
      };
    },
  });
};
