import { useCallback, useRef, useState } from "react";

type Status = "idle" | "running" | "success" | "error";

/**
 * One call started by the user (a form submit, a toggle): its status and error for the screen, and the
 * result for whoever awaits `run`. A second run while one is in flight is ignored.
 */
export const useMutation = <Input, Output>(call: (input: Input) => Promise<Output>) => {
  const [state, setState] = useState<{ status: Status; error?: unknown }>({ status: "idle" });
  const running = useRef(false);
  const callRef = useRef(call);
  callRef.current = call;
  const run = useCallback(async (input: Input): Promise<Output | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setState({ status: "running" });
    try {
      const output = await callRef.current(input);
      setState({ status: "success" });
      return output;
    } catch (error) {
      setState({ status: "error", error });
      return undefined;
    } finally {
      running.current = false;
    }
  }, []);
  return { ...state, run };
};
