import { fetchTrail } from "../../lib/catalog/catalog-api";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";
import { MaterialDownloads } from "./material-downloads";

/** A lesson's trail's materials, read when its details open. */
export const TrailMaterials = ({ trailId }: { trailId: number }) => {
  const trail = useResource(() => fetchTrail(trailId), String(trailId));
  if (trail.status === "loading") return <Loading />;
  if (trail.status === "failed") return <ErrorAlert error={trail.error} />;
  return <MaterialDownloads materials={trail.data.materials ?? []} />;
};
