import { useEffect, useState } from "react";
import { toast } from "react-toastify";
import { useNotificationSettings, useUpdateNotificationSettings } from "@/api/notifications";
import { FormSkeleton } from "@/components/skeletons";
import { useLanguage, type MessageKey } from "@/lib/i18n";
import { disablePush, enablePush, pushState, type PushState } from "@/lib/web-push";

/** The kinds pushed (#37, notify.PushKinds), in the order shown. */
const PUSH_KINDS: { kind: string; label: MessageKey }[] = [
  { kind: "message_received", label: "New messages" },
  { kind: "offer_received", label: "Offers on my laptops" },
  { kind: "offer_answered", label: "Answers to my offers" },
  { kind: "booking_received", label: "Someone books my laptop" },
  { kind: "booking_accepted", label: "The seller accepts my booking" },
  { kind: "booking_declined", label: "The seller declines my booking" },
  { kind: "booking_cancelled", label: "A buyer cancels a booking" },
  { kind: "handover_reminder", label: "A reminder before my hand-over" },
  { kind: "payment_received", label: "A buyer pays for my laptop" },
];

/**
 * PushSettings (#37): notifications on this device with the shop closed.
 * The browser's permission is asked only when "Enable notifications on
 * this device" is tapped; the switches below choose which kinds are
 * pushed to every device the user enabled.
 */
export function PushSettings({ publicKey }: { publicKey: string }) {
  const { t } = useLanguage();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  async function change(to: "on" | "off") {
    setBusy(true);
    try {
      const next = to === "on" ? await enablePush(publicKey) : await disablePush();
      setState(next);
      if (next === "on") toast.success(t("Notifications are on for this device."));
      if (to === "off") toast.success(t("Notifications are off for this device."));
    } catch {
      toast.error(t("Could not change notifications on this device. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  let device;
  if (state === null) {
    device = <span className="loading loading-spinner loading-sm" aria-label={t("Loading...")} />;
  } else if (state === "unsupported") {
    device = <p className="text-sm">{t("This browser cannot show the shop's notifications. On an iPhone, add the shop to your Home Screen first, then open it from there.")}</p>;
  } else if (state === "denied") {
    device = (
      <div role="alert" className="alert alert-warning alert-soft">
        <span>{t("Notifications from the shop are blocked in this browser. Allow them in the browser's site settings, then come back here.")}</span>
      </div>
    );
  } else if (state === "on") {
    device = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium text-success">{t("Notifications are on for this device.")}</p>
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void change("off")}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Turn off on this device")}
        </button>
      </div>
    );
  } else {
    device = (
      <button type="button" className="btn btn-primary w-full sm:w-auto" disabled={busy} onClick={() => void change("on")}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t("Enable notifications on this device")}
      </button>
    );
  }
  return (
    <section id="push-settings" className="card scroll-mt-24 bg-base-100 shadow-sm" aria-labelledby="push-settings-title">
      <div className="card-body gap-4 p-5 sm:p-8">
        <h2 id="push-settings-title" className="card-title text-xl">
          {t("Notifications on this device")}
        </h2>
        <p className="text-sm text-base-content/70">{t("Hear about a message, an offer or a booking even when the shop is closed, on each phone or computer you enable.")}</p>
        {device}
        <PushKinds />
      </div>
    </section>
  );
}

/** PushKinds are the switches of the kinds pushed, for all the user's devices. */
function PushKinds() {
  const { t } = useLanguage();
  const { data, error } = useNotificationSettings(true);
  const { trigger } = useUpdateNotificationSettings("push");
  const [saving, setSaving] = useState<string | null>(null);

  async function onToggle(kind: string, on: boolean) {
    setSaving(kind);
    try {
      await trigger({ [kind]: on });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not save. Please try again."));
    } finally {
      setSaving(null);
    }
  }

  if (error && !data) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your email settings. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!data) return <FormSkeleton fields={3} label={t("Loading...")} />;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t("What comes to your devices")}</legend>
      <ul className="divide-y divide-base-200">
        {PUSH_KINDS.map(({ kind, label }) => (
          <li key={kind}>
            <label className="flex cursor-pointer items-center justify-between gap-4 py-3">
              <span>{t(label)}</span>
              <span className="flex items-center gap-2">
                {saving === kind && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                <input
                  type="checkbox"
                  className="toggle toggle-primary"
                  name={`push-${kind}`}
                  aria-label={t("To my devices: {kind}", { kind: t(label) })}
                  checked={data.push?.[kind] ?? true}
                  disabled={saving !== null}
                  onChange={(e) => void onToggle(kind, e.target.checked)}
                />
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
