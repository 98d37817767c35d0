import { AuditsSection } from "./audits-section";
import { HealthSection } from "./health-section";
import { InfoSection } from "./info-section";

/** /admin: the system, its health and projections, and the sign-in audits (spec sections 2 and 7). */
export const AdministrationPage = () => (
  <>
    <HealthSection />
    <AuditsSection />
    <InfoSection />
  </>
);
