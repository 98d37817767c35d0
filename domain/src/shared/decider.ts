/**
 * The Decider pattern: a pure description of one aggregate.
 * `decide` turns a command into events (or throws a DomainError), `evolve` folds events into state.
 */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /** For streams that grow long (a student's lessons): how a folded state is kept as a snapshot. */
  snapshot?: SnapshotCodec<State>;
}

/**
 * A state as JSON and back. `name` carries a version: change it whenever `evolve` or the state's shape
 * changes, and the snapshots taken before are ignored (the stream is folded from its first event again).
 */
export interface SnapshotCodec<State> {
  name: string;
  encode: (state: State) => unknown;
  decode: (json: unknown) => State;
}

export const stateFrom = <Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
