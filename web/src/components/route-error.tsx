import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Location, useLocation } from "react-router-dom";

/** What a page that threw while rendering shows instead of a blank screen (spec's text). */
const UnexpectedError = () => {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert">
      {t("error.unexpected")}
    </div>
  );
};

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  failed: boolean;
}

/** Keeps the error until the user goes elsewhere, as React Router's own route error boundary does. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, failed: false };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, failed: false };
  }

  override render() {
    return this.state.failed ? <UnexpectedError /> : this.props.children;
  }
}

/**
 * Around a part of the route tree: a page that throws (a chunk that never arrived, a bug) shows
 * 'An unexpected error has occurred.' in its place, and the next navigation tries again.
 */
export const RouteError = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
};
