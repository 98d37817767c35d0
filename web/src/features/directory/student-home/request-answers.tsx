import { announceSuccess } from "../../../lib/api";
import { useLivePush } from "../../../lib/socket";

/**
 * Tells the student, wherever they are in their area, what became of a lesson they asked of one teacher:
 * accepted, or declined / not answered in time and then put on the open board or cancelled with the
 * credit back, as they chose when asking. Renders nothing itself: the toast region shows it.
 */
export const RequestAnswers = () => {
  useLivePush("lesson-request:answered", (answer) =>
    announceSuccess({
      key:
        answer.status === "ACCEPTED"
          ? "directory.requestAnswered.ACCEPTED"
          : `directory.requestAnswered.${answer.status}_${answer.fallback}`,
    }),
  );
  return null;
};
