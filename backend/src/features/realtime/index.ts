import type { Feature } from "../feature";
import { realtimeGateway } from "./realtime-gateway";

/** socket.io gateway: pushes of every projector to the browsers that care, across instances. */
export const realtimeFeature: Feature = {
  name: "realtime",
  events: [],
  projectors: [],
  routes: realtimeGateway,
};
