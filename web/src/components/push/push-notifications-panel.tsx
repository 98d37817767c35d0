import { type PushKind, pushKinds } from "@el/domain/push/push-notifications";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation } from "../../lib/use-mutation";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";
import {
  deletePushSubscription,
  fetchPushPreferences,
  fetchPushPublicKey,
  postPushSubscription,
  savePushPreferences,
} from "./push-api";
import { type PushBrowser, realPushBrowser } from "./push-browser";

class PermissionDenied extends Error {}

/**
 * "Notificações no celular": turns this browser's notifications on (asks the permission, subscribes with the
 * server's public key, sends the subscription) or off, and one switch per kind, saved as it is flipped.
 */
export const PushNotificationsPanel = ({ browser: given }: { browser?: PushBrowser }) => {
  const { t } = useTranslation();
  const browser = useMemo(() => given ?? realPushBrowser(), [given]);
  const preferences = useResource(fetchPushPreferences, "push-preferences");
  const [here, setHere] = useState<"unknown" | "on" | "off">("unknown");
  const save = useMutation(savePushPreferences);

  useEffect(() => {
    if (!browser.supported) return;
    let current = true;
    browser.current().then(
      (subscription) => current && setHere(subscription && browser.permission() === "granted" ? "on" : "off"),
      () => current && setHere("off"),
    );
    return () => {
      current = false;
    };
  }, [browser]);

  const enable = useMutation(async () => {
    if ((await browser.requestPermission()) !== "granted") throw new PermissionDenied();
    const { publicKey } = await fetchPushPublicKey();
    const subscription = await browser.subscribe(publicKey);
    await postPushSubscription(subscription.toJSON());
    return true;
  });
  const disable = useMutation(async () => {
    const subscription = await browser.current();
    if (!subscription) return true;
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
    return true;
  });

  const turnOn = async () => {
    if (!(await enable.run(undefined))) return;
    setHere("on");
    preferences.reload();
  };
  const turnOff = async () => {
    if (!(await disable.run(undefined))) return;
    setHere("off");
    preferences.reload();
  };
  const flip = async (kind: PushKind, wanted: boolean) => {
    if (preferences.status !== "ready") return;
    const off = wanted ? preferences.data.off.filter((each) => each !== kind) : [...preferences.data.off, kind];
    if (await save.run(off)) preferences.reload();
  };
  const busy = enable.status === "running" || disable.status === "running";

  return (
    <section className="card narrow push-notifications" aria-labelledby="push-notifications-title">
      <h3 id="push-notifications-title">{t("push.panel.title")}</h3>
      <p>{t("push.panel.intro")}</p>
      {!browser.supported && <p role="status">{t("push.panel.unsupported")}</p>}
      {browser.supported && here !== "unknown" && (
        <div className="push-notifications-device">
          <p role="status">{t(here === "on" ? "push.panel.on" : "push.panel.off")}</p>
          {here === "off" ? (
            <button type="button" className="btn btn-primary" onClick={turnOn} disabled={busy}>
              {t("push.panel.enable")}
            </button>
          ) : (
            <button type="button" className="btn btn-outline" onClick={turnOff} disabled={busy}>
              {t("push.panel.disable")}
            </button>
          )}
        </div>
      )}
      {enable.status === "error" &&
        (enable.error instanceof PermissionDenied ? (
          <p role="alert" className="alert alert-warning">
            {t("push.panel.denied")}
          </p>
        ) : (
          <ErrorAlert error={enable.error} />
        ))}
      {disable.status === "error" && <ErrorAlert error={disable.error} />}
      {preferences.status === "loading" && <Loading />}
      {preferences.status === "failed" && <ErrorAlert error={preferences.error} />}
      {preferences.status === "ready" && (
        <fieldset disabled={save.status === "running"}>
          <legend>{t("push.panel.legend")}</legend>
          {pushKinds.map((kind) => (
            <label key={kind} className="checkbox">
              <input
                type="checkbox"
                checked={!preferences.data.off.includes(kind)}
                onChange={(event) => flip(kind, event.target.checked)}
              />
              {t(`push.panel.kind.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
      {save.status === "error" && <ErrorAlert error={save.error} />}
    </section>
  );
};
