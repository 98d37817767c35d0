import { Outlet } from "react-router-dom";
import { LiveFeedProvider } from "../../../lib/socket";

/** The /disputas pages under one live feed: the other side's answer and the decision arrive without a reload. */
export const DisputesArea = () => (
  <LiveFeedProvider>
    <Outlet />
  </LiveFeedProvider>
);
