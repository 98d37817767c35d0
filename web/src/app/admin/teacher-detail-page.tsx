import { ManagedUserDetailPage } from "../../features/accounts/users/managed-user-detail-page";
import { TeacherPayments } from "../../features/lessons/payouts/teacher-payments";

/** /gerencia/professor/{login}: the teacher's profile followed by their lessons to pay, in one chunk. */
export const TeacherDetailPage = () => (
  <ManagedUserDetailPage kind="teacher" payments={(login) => <TeacherPayments login={login} />} />
);
