export interface TeacherFeedbackDraft {
  status: number;
  note: number;
  partialyHeld: string;
  sugestions: string;
  productSugestions: string;
  studentInformation: string;
  information: string;
}

export type TeacherFeedbackErrors = Partial<Record<keyof TeacherFeedbackDraft, string>>;

export const emptyDraft: TeacherFeedbackDraft = {
  status: 0,
  note: 0,
  partialyHeld: "",
  sugestions: "",
  productSugestions: "",
  studentInformation: "",
  information: "",
};

const REQUIRED = "teacher.feedback.errors.required";

/**
 * Spec section 5: a status must be chosen ('Selecione uma opção'), the material rated at least 1
 * ('Avalie o material'); suggestions, suggestions to the product and about the student are required,
 * and where the lesson stopped only (and then required) when it was partly held.
 */
export const validateTeacherFeedback = (draft: TeacherFeedbackDraft): TeacherFeedbackErrors => {
  const errors: TeacherFeedbackErrors = {};
  const blank = (value: string) => value.trim().length === 0;
  if (draft.status < 1) errors.status = "teacher.feedback.errors.status";
  if (draft.note < 1) errors.note = "teacher.feedback.errors.note";
  if (draft.status === 2 && blank(draft.partialyHeld)) errors.partialyHeld = REQUIRED;
  if (blank(draft.sugestions)) errors.sugestions = REQUIRED;
  if (blank(draft.productSugestions)) errors.productSugestions = REQUIRED;
  if (blank(draft.studentInformation)) errors.studentInformation = REQUIRED;
  return errors;
};
