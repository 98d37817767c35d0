/**
 * What the panel needs of the browser's notifications and push manager, behind one seam so that the panel's
 * specs give a fake browser instead of changing jsdom's globals.
 */
export interface PushBrowser {
  supported: boolean;
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  /** This browser's subscription, or null. */
  current: () => Promise<PushSubscription | null>;
  subscribe: (publicKey: string) => Promise<PushSubscription>;
}

/** A base64url key as the bytes `applicationServerKey` takes (every browser takes bytes; not all a string). */
const bytesOf = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (char) => char.charCodeAt(0));
};

export const realPushBrowser = (): PushBrowser => {
  const supported =
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window;
  return {
    supported,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    current: async () => (await navigator.serviceWorker.ready).pushManager.getSubscription(),
    subscribe: async (publicKey) =>
      (await navigator.serviceWorker.ready).pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytesOf(publicKey),
      }),
  };
};
