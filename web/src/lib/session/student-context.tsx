import type { Objective } from "@el/domain/accounts/account";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useLiveFeed, useLivePush } from "../socket";
import { useSession } from "./session-provider";

interface StudentContextValue {
  balance: number;
  /** Free trial lessons left, spendable only on a lesson of the "Aula Experimental" level. */
  trialCredits: number;
  levelId: number | null;
  objective: Objective;
}

const StudentContext = createContext<StudentContextValue | null>(null);

/**
 * The signed-in student's balance and trial credits, kept live: `balance:changed` carries the new
 * figures as soon as a credit is spent, refunded, granted or bought. The push is the newest word: reloading the account on each one
 * could land after a later push and show an older balance. Only when the connection comes back without
 * the server's recovery, pushes sent meanwhile being lost, is the account (balance and level) reloaded;
 * a push that lands while it loads is still newer than its answer.
 */
export const StudentProvider = ({ children }: { children: ReactNode }) => {
  const { account, refresh } = useSession();
  const feed = useLiveFeed();
  const [balance, setBalance] = useState(account?.balance ?? 0);
  const [trialCredits, setTrialCredits] = useState(account?.trialCredits ?? 0);
  const pushedSinceAccountAsked = useRef(false);
  // The session's account dates from the sign-in or the last visit here: pushes that arrived while the
  // student was on a page outside the area (the bank's page of a debit, say) changed nothing here, so
  // the area reads the account again when it opens.
  useEffect(() => refresh(), [refresh]);
  useEffect(() => {
    if (pushedSinceAccountAsked.current) return;
    setBalance(account?.balance ?? 0);
    setTrialCredits(account?.trialCredits ?? 0);
  }, [account]);
  useLivePush("balance:changed", (push) => {
    pushedSinceAccountAsked.current = true;
    setBalance(push.balance);
    // A server that does not say leaves the trial credits as they were.
    if (push.trialCredits !== undefined) setTrialCredits(push.trialCredits);
  });
  useEffect(
    () =>
      feed?.onReconnect(() => {
        pushedSinceAccountAsked.current = false;
        refresh();
      }),
    [feed, refresh],
  );
  return (
    <StudentContext.Provider
      value={{
        balance,
        trialCredits,
        levelId: account?.level ?? null,
        objective: account?.objective ?? "PROFESSIONAL",
      }}
    >
      {children}
    </StudentContext.Provider>
  );
};

export const useStudent = () => {
  const value = useContext(StudentContext);
  if (!value) throw new Error("useStudent needs a StudentProvider above it");
  return value;
};
