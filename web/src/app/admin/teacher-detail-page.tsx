import { ManagedUserDetailPage } from "../../features/accounts/users/managed-user-detail-page";
import { TeacherAvailabilityPanel } from "../../features/availability/editor/teacher-availability-panel";
import { ReviewModeration } from "../../features/availability/reviews/review-moderation";
import { TeacherPayments } from "../../features/lessons/payouts/teacher-payments";

/**
 * /gerencia/professor/{login}: the teacher's profile followed by their lessons to pay, their availability
 * (editable) and their students' comments to moderate, in one chunk.
 */
export const TeacherDetailPage = () => (
  <ManagedUserDetailPage
    kind="teacher"
    payments={(login, id) => (
      <>
        <TeacherPayments login={login} />
        <TeacherAvailabilityPanel teacherId={id} />
        <ReviewModeration teacherId={id} />
      </>
    )}
  />
);
