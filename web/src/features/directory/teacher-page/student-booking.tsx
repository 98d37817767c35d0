import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { fetchTrails } from "../../../lib/catalog/catalog-api";
import { useSession } from "../../../lib/session/session-provider";
import { useResource } from "../../../lib/use-resource";
import { BookingPanel } from "./booking-panel";
import { RequestForm } from "./request-form";
import { trailsForLevel } from "./trail-choice";

/** What a signed-in student may do with the teacher: book a free start, or ask for another time. */
export const StudentBooking = ({
  teacherId,
  teacherName,
  firstName,
  slot,
  requesting,
  onRequest,
  onBooked,
  onSlotTaken,
}: {
  teacherId: number;
  teacherName: string;
  firstName: string;
  slot: string | null;
  requesting: boolean;
  onRequest: () => void;
  onBooked: () => void;
  onSlotTaken: () => void;
}) => {
  const { t } = useTranslation();
  const { account } = useSession();
  const trails = useResource(fetchTrails, "trails");
  if (trails.status === "loading") return <Loading />;
  if (trails.status === "failed") return <ErrorAlert error={trails.error} />;
  const offered = trailsForLevel(trails.data, account?.level);
  return (
    <>
      <BookingPanel
        teacherId={teacherId}
        teacherName={firstName}
        slot={slot}
        trails={offered}
        onBooked={onBooked}
        onSlotTaken={onSlotTaken}
      />
      <section className="card directory-request-card" aria-labelledby="request-title">
        <h2 id="request-title">{t("directory.request.title")}</h2>
        {requesting ? (
          <RequestForm teacherId={teacherId} teacherName={teacherName} trails={offered} />
        ) : (
          <button type="button" className="btn btn-outline" aria-expanded={false} onClick={onRequest}>
            {t("directory.request.open")}
          </button>
        )}
      </section>
    </>
  );
};
