import { assertNever, type Decider, unchanged } from "../shared/decider";
import type { Lesson, LessonCommand, LessonEvent, LessonScheduled } from "./lesson";
import {
  deleteFeedback,
  giveStudentFeedback,
  giveTeacherFeedback,
  reviseStudentFeedback,
  reviseTeacherFeedback,
} from "./lesson-feedback";
import { cancelLessonPayment, payLesson } from "./lesson-payment";
import {
  acceptLesson,
  assignTeacher,
  cancelLesson,
  moveLesson,
  scheduleLesson,
  unassignTeacher,
  useMeetingLink,
} from "./lesson-scheduling";

/** The request a lesson scheduled for one teacher alone carries until answered. */
const requestOf = ({ chosenTeacher }: LessonScheduled) =>
  chosenTeacher?.how === "REQUESTED" && chosenTeacher.expiresAt
    ? {
        teacher: chosenTeacher.teacher,
        expiresAt: chosenTeacher.expiresAt,
        fallback: chosenTeacher.fallback ?? "BOARD",
      }
    : null;

export const lessonDecider: Decider<LessonCommand, LessonEvent, Lesson> = {
  initialState: () => ({ status: "none" }),

  evolve: (state, event) => {
    if (event.type === "LessonScheduled") {
      return {
        status: "pending",
        scheduled: event.data,
        teacher: null,
        meetUrl: null,
        studentFeedbackId: null,
        teacherFeedbackId: null,
        reportedNotHeld: false,
        payment: null,
        request: requestOf(event.data),
        freedByTeacher: false,
      };
    }
    if (state.status === "none") return state;
    switch (event.type) {
      case "LessonAccepted":
        return {
          ...state,
          status: "accepted",
          teacher: event.data.teacher,
          meetUrl: event.data.meetUrl,
          request: null,
        };
      case "LessonTeacherChanged":
        return { ...state, status: "accepted", teacher: event.data.teacher, meetUrl: event.data.meetUrl };
      case "LessonTeacherUnassigned":
        return {
          ...state,
          status: "pending",
          teacher: null,
          meetUrl: null,
          freedByTeacher: state.freedByTeacher || event.data.reason === "DAY_OFF",
        };
      case "LessonRequestLapsed":
        return { ...state, request: null };
      case "LessonMoved":
        return { ...state, scheduled: { ...state.scheduled, date: event.data.date } };
      case "LessonCancelled":
        return { ...state, status: "cancelled" };
      case "StudentFeedbackGiven":
        return { ...state, studentFeedbackId: event.data.feedbackId };
      case "TeacherFeedbackGiven":
        return { ...state, teacherFeedbackId: event.data.feedbackId, reportedNotHeld: event.data.status === 3 };
      case "LessonPaid":
        return {
          ...state,
          payment: { id: event.data.paymentId, valueCents: event.data.valueCents, at: event.data.at },
        };
      case "LessonPaymentCancelled":
        return { ...state, payment: null };
      // A corrected rating changes nothing the lesson's rules look at.
      case "StudentFeedbackRevised":
        return state;
      case "StudentFeedbackDeleted":
        return { ...state, studentFeedbackId: null };
      case "TeacherFeedbackRevised":
        return { ...state, reportedNotHeld: event.data.status === 3 };
      case "TeacherFeedbackDeleted":
        return { ...state, teacherFeedbackId: null, reportedNotHeld: false };
      case "LessonVideoLinkChanged":
        return { ...state, meetUrl: event.data.meetUrl };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "ScheduleLesson":
        return scheduleLesson(command, state);
      case "AcceptLesson":
        return acceptLesson(command, state);
      case "AssignTeacher":
        return assignTeacher(command, state);
      case "UnassignTeacher":
        return unassignTeacher(command, state);
      case "MoveLesson":
        return moveLesson(command, state);
      case "CancelLesson":
        return cancelLesson(command, state);
      case "UseMeetingLink":
        return useMeetingLink(command, state);
      case "GiveStudentFeedback":
        return giveStudentFeedback(command, state);
      case "GiveTeacherFeedback":
        return giveTeacherFeedback(command, state);
      case "ReviseStudentFeedback":
        return reviseStudentFeedback(command, state);
      case "ReviseTeacherFeedback":
        return reviseTeacherFeedback(command, state);
      case "DeleteFeedback":
        return deleteFeedback(command, state);
      case "PayLesson":
        return payLesson(command, state);
      case "CancelLessonPayment":
        return cancelLessonPayment(command, state);
      default:
        return assertNever(command);
    }
  },
};
