import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useSession } from "../../app/session/session-provider";
import { useLivePush } from "../../lib/socket";

interface StudentContextValue {
  balance: number;
  levelId: number | null;
  objective: string;
}

const StudentContext = createContext<StudentContextValue | null>(null);

/**
 * The signed-in student's balance, kept live: `balance:changed` carries the new figure as soon as a
 * credit is spent, refunded or granted. The push is the newest word: reloading the account on each one
 * could land after a later push and show an older balance.
 */
export const StudentProvider = ({ children }: { children: ReactNode }) => {
  const { account } = useSession();
  const [balance, setBalance] = useState(account?.balance ?? 0);
  useEffect(() => setBalance(account?.balance ?? 0), [account?.balance]);
  useLivePush("balance:changed", (push) => {
    setBalance(push.balance);
  });
  return (
    <StudentContext.Provider
      value={{ balance, levelId: account?.level ?? null, objective: account?.objective ?? "PROFESSIONAL" }}
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
