import type { Position } from "@el/domain";
import type { Database } from "../sql";
import { advanceCheckpoints } from "./checkpoints";
import { lastPositionOf } from "./positions";
import type { Push } from "./projector";
import type { Batch, Member } from "./reads";

/** Events the projectors sharing one transaction may apply in it, all together. */
const SHARED_APPLIES_MAX = 50;

/**
 * The transaction the loops that read one small batch share: the commit is most of a small batch's cost,
 * so they apply what each handles in one transaction, each moving its own checkpoint in it
 * (compare-and-set). When it fails, the projector whose apply threw has had its try; the others try again
 * in a transaction of their own, so a faulty projector still stalls alone. A large batch (a projector
 * catching up, a burst) is applied by each in its own transaction, in parallel: there the applies
 * dominate, and one transaction would run them one projector after another.
 */
export const createSharedCommits = (options: {
  db: Database;
  writing: <T>(write: () => Promise<T>) => Promise<T>;
  onPush?: (pushes: Push[]) => void;
  log: (message: string, details?: Record<string, unknown>) => void;
}) => {
  const { db, log } = options;
  const commitTogether = async (batch: Batch) => {
    const { members } = batch;
    const applies = members.reduce((count, member) => count + member.relevant.length, 0);
    if (members.length < 2 || applies > SHARED_APPLIES_MAX) {
      for (const member of members) member.settle(undefined);
      return;
    }
    const last = lastPositionOf(batch.events);
    let applying: Member | undefined;
    try {
      const pushes = await options.writing(() =>
        db.transaction(async (tx) => {
          await advanceCheckpoints(
            tx,
            members.map(({ loop }) => ({ name: loop.projector.name, from: loop.persisted as Position })),
            last,
          );
          const produced: Push[][] = [];
          for (const member of members) {
            applying = member;
            produced.push(await member.loop.projector.evolve(member.relevant, tx, { live: true }));
          }
          applying = undefined;
          return produced;
        }),
      );
      // The commit's pushes leave together (another instance gets them in one message), before each
      // member moves on as if it had applied its part alone.
      const all = pushes.flat();
      if (all.length > 0) options.onPush?.(all);
      for (const member of members) member.settle([]);
    } catch (error) {
      // The projector whose apply threw has had its try at the batch; the others were not at fault.
      log("a shared projection batch failed; the other projectors try it alone", {
        projector: applying?.loop.projector.name,
        error: String(error),
      });
      for (const member of members) {
        if (member === applying) member.fail(error);
        else member.settle(undefined);
      }
    }
  };

  /**
   * A reader's answer on `batch`: `member` with what it applies, or nothing. The last reader to answer
   * starts the shared commit.
   */
  return (batch: Batch, member?: Member) => {
    if (member) batch.members.push(member);
    batch.undecided--;
    if (batch.undecided === 0) void commitTogether(batch);
  };
};
