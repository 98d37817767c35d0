/**
 * The Decider pattern: a pure description of one aggregate.
 * `decide` turns a command into events (or throws a DomainError), `evolve` folds events into state.
 */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export const stateFrom = <Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
