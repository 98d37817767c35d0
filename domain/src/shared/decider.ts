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

/** The `default` of a `decide` switch: a command the switch forgets does not compile. */
export const assertNever = (command: never): never => {
  throw new Error(`Unhandled command ${JSON.stringify(command)}`);
};

/**
 * The `default` of an `evolve` switch: an event the switch forgets does not compile, and one it cannot know
 * (written by a newer version) leaves the state as it was, since `evolve` never throws.
 */
export const unchanged = <State>(state: State, _event: never): State => state;

export const stateFrom = <Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
