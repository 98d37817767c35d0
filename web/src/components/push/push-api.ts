import type { PushKind, PushPreferencesView, PushPublicKeyView } from "@el/domain/push/push-notifications";
import { api, request } from "../../lib/api";

/** The VAPID public key a browser subscribes with. */
export const fetchPushPublicKey = () => api.get<PushPublicKeyView>("api/push/public-key");

/** The kinds turned off and how many browsers are subscribed. */
export const fetchPushPreferences = () => api.get<PushPreferencesView>("api/push/preferences");

export const savePushPreferences = (off: PushKind[]) =>
  api.put<PushPreferencesView>("api/push/preferences", { off }, { successAlert: false });

/** A browser's `PushSubscription.toJSON()`. */
export const postPushSubscription = (subscription: PushSubscriptionJSON) =>
  api.post<undefined>("api/push/subscriptions", subscription, { successAlert: false });

export const deletePushSubscription = (endpoint: string) =>
  request<undefined>("DELETE", "api/push/subscriptions", { body: { endpoint }, successAlert: false });
