import { useEffect, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { toast } from "react-toastify";
import { useBecomeSeller, useChangePassword, useUpdateMe } from "@/api/account";
import { useConfig } from "@/api/config";
import { useNotificationSettings, useUpdateNotificationSettings } from "@/api/notifications";
import { useConfirm } from "@/components/confirm-dialog";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { PhoneVerifiedBadge } from "@/components/phone-code";
import { PhoneVerify } from "@/components/phone-verify";
import { FormSkeleton } from "@/components/skeletons";
import { ApiError } from "@/lib/api";
import { useAuth, type User } from "@/lib/auth";
import { useLanguage, type Lang, type MessageKey } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";
import { PushSettings } from "@/pages/settings-push";

/** fieldText turns a server field problem ("is wrong") into a sentence; the server's words are English. */
function fieldText(name: string, problem: string | undefined): string | undefined {
  if (!problem) return undefined;
  return /^[a-z]/.test(problem) ? `${name} ${problem}` : problem;
}

/** What each kind of notification is, as its email switch says it. */
const KIND_LABELS: Record<string, MessageKey> = {
  booking_received: "Someone books my laptop",
  booking_accepted: "The seller accepts my booking",
  booking_declined: "The seller declines my booking",
  booking_cancelled: "A buyer cancels a booking",
  reservation_released: "A reservation runs out after 72 hours",
  handover_completed: "A hand-over completes a sale",
  payment_received: "A buyer pays for my laptop",
  payment_receipt: "Receipts for my payments",
  sold_elsewhere: "A laptop I booked went to someone else",
  listing_withdrawn: "A laptop I booked is taken off the shop",
  product_removed: "An admin removes my listing",
  seller_verified: "I become a verified seller",
  listing_expiring: "My listing is about to expire",
  message_received: "New messages",
  offer_received: "Offers on my laptops",
  offer_answered: "Answers to my offers",
  saved_search_match: "New laptops for my saved searches",
  price_drop: "A favourite gets cheaper",
  // #20 sellers and reviews
  review_request: "Asked to review a seller after a purchase",
  review_received: "A buyer reviews me",
  listing_hidden: "An admin hides my listing until I edit it", // #32
  handover_reminder: "A reminder before my hand-over", // #35
};

/** The kinds that may also come by SMS (#35), in the order shown. */
const SMS_KINDS: { kind: string; label: MessageKey }[] = [
  { kind: "booking_accepted", label: "The seller accepts my booking" },
  { kind: "handover_reminder", label: "A reminder before my hand-over" },
  { kind: "payment_received", label: "A buyer pays for my laptop" },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="card scroll-mt-24 bg-base-100 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4 p-5 sm:p-8">
        <h2 id={`${id}-title`} className="card-title text-xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * /settings (and /settings/notifications, the emails' link, which scrolls
 * to the email switches): the signed-in user's name, phone and language,
 * their phone's verification by SMS code (#35, where the shop sends SMS),
 * their password, becoming a seller, and which notifications come by
 * email, by SMS and (#37) to this device with the shop closed.
 */
export default function Settings() {
  const { t } = useLanguage();
  usePageTitle(t("Account settings"));
  const { user } = useAuth();
  const location = useLocation();
  const { data: config } = useConfig();
  const sms = config?.sms === true;
  const toEmails = location.pathname.endsWith("/notifications");
  const toPhone = location.hash === "#phone";
  const ready = user !== null;
  useEffect(() => {
    if (toEmails && ready) document.getElementById("email-settings")?.scrollIntoView?.({ block: "start" });
  }, [toEmails, ready]);
  useEffect(() => {
    if (toPhone && ready && sms) document.getElementById("phone")?.scrollIntoView?.({ block: "start" });
  }, [toPhone, ready, sms]);
  if (!user) return <FormSkeleton fields={4} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Account settings")}</h1>
      <ProfileForm user={user} sms={sms} />
      {sms && (
        <Section id="phone" title={user.phoneVerified ? t("Your verified phone number") : t("Verify your phone number")}>
          <PhoneVerify user={user} />
        </Section>
      )}
      <PasswordForm user={user} />
      {user.role === "Buyer" && <BecomeSeller />}
      <EmailSettings />
      {sms && <SmsSettings verified={user.phoneVerified === true} />}
      {config?.push && config.pushPublicKey && <PushSettings publicKey={config.pushPublicKey} />}
    </div>
  );
}

function ProfileForm({ user, sms }: { user: User; sms: boolean }) {
  const { t, lang, setLang, switching } = useLanguage();
  const { trigger, isMutating } = useUpdateMe();
  const [name, setName] = useState(user.userName);
  const [phone, setPhone] = useState(user.phone ?? "");
  // a number verified below (#35) comes back in E.164: show it, so saving
  // the profile sends it as it is and keeps it verified
  const [shownPhone, setShownPhone] = useState(user.phone);
  if (user.phone !== shownPhone) {
    setShownPhone(user.phone);
    setPhone(user.phone ?? "");
  }
  const [errors, setErrors] = useState<{ userName?: string; phone?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    try {
      await trigger({ userName: name.trim(), phone: phone.trim() });
      toast.success(t("Your profile is saved."));
    } catch (err) {
      const f = err instanceof ApiError ? err.fields : {};
      if (f.userName || f.phone) setErrors({ userName: fieldText("Name", f.userName), phone: fieldText("Phone", f.phone) });
      else toast.error(err instanceof Error ? err.message : t("Could not save. Please try again."));
    }
  }

  const choices: { value: Lang; label: string }[] = [
    { value: "en", label: "English" },
    { value: "bn", label: "বাংলা" },
  ];
  return (
    <Section id="profile" title={t("Profile")}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Profile")}>
        <p className="text-sm text-base-content/70">
          {t("Email")}: <span className="font-medium text-base-content">{user.email}</span>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="profile-name" label={t("Name")} error={errors.userName}>
            <input
              id="profile-name"
              name="userName"
              autoComplete="name"
              required
              maxLength={100}
              className={`input w-full ${errors.userName ? "input-error" : ""}`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.userName ? true : undefined}
              aria-describedby={fieldDescribedBy("profile-name", errors.userName)}
            />
          </FormField>
          <FormField id="profile-phone" label={t("Phone")} error={errors.phone} hint={t("Sellers see it when you book; leave it empty to clear it.")}>
            <input
              id="profile-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              className={`input w-full ${errors.phone ? "input-error" : ""}`}
              placeholder="01712345678"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={fieldDescribedBy("profile-phone", errors.phone, t("Sellers see it when you book; leave it empty to clear it."))}
            />
            {sms && user.phoneVerified && user.phone && phone.trim() === user.phone && (
              <span className="w-fit">
                <PhoneVerifiedBadge />
              </span>
            )}
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">{t("Language of the app and your emails")}</legend>
          <div className="flex flex-wrap gap-4">
            {choices.map((c) => (
              <label key={c.value} className="flex cursor-pointer items-center gap-2" lang={c.value}>
                <input type="radio" name="language" className="radio radio-primary radio-sm" checked={lang === c.value} disabled={switching} onChange={() => setLang(c.value)} />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className="btn btn-primary" disabled={isMutating} aria-busy={isMutating}>
            {isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("Save profile")}
          </button>
        </div>
      </form>
    </Section>
  );
}

function PasswordForm({ user }: { user: User }) {
  const { t } = useLanguage();
  const auth = useAuth();
  const { trigger, isMutating } = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string; again?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (next !== again) {
      setErrors({ again: t("The two passwords are not the same.") });
      return;
    }
    setErrors({});
    try {
      const res = await trigger({ currentPassword: current, newPassword: next });
      auth.login(res.accessToken, user);
      setCurrent("");
      setNext("");
      setAgain("");
      toast.success(t("Your password is changed. Every other place you were logged in is logged out."));
    } catch (err) {
      const f = err instanceof ApiError ? err.fields : {};
      if (f.currentPassword || f.newPassword) {
        setErrors({ currentPassword: fieldText("Current password", f.currentPassword), newPassword: fieldText("New password", f.newPassword) });
      } else toast.error(err instanceof Error ? err.message : t("Could not change the password. Please try again."));
    }
  }

  const fields = [
    { id: "password-current", label: t("Current password"), value: current, set: setCurrent, error: errors.currentPassword, auto: "current-password" },
    { id: "password-new", label: t("New password"), value: next, set: setNext, error: errors.newPassword, auto: "new-password" },
    { id: "password-again", label: t("New password again"), value: again, set: setAgain, error: errors.again, auto: "new-password" },
  ];
  return (
    <Section id="password" title={t("Change password")}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Change password")}>
        <div className="grid gap-4 sm:grid-cols-3">
          {fields.map((f) => (
            <FormField key={f.id} id={f.id} label={f.label} error={f.error}>
              <input
                id={f.id}
                type="password"
                autoComplete={f.auto}
                required={f.id !== "password-current"}
                className={`input w-full ${f.error ? "input-error" : ""}`}
                value={f.value}
                onChange={(e) => f.set(e.target.value)}
                aria-invalid={f.error ? true : undefined}
                aria-describedby={fieldDescribedBy(f.id, f.error)}
              />
            </FormField>
          ))}
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={isMutating} aria-busy={isMutating}>
            {isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t("Change password")}
          </button>
        </div>
      </form>
    </Section>
  );
}

function BecomeSeller() {
  const { t } = useLanguage();
  const auth = useAuth();
  const { trigger, isMutating } = useBecomeSeller();
  const [confirm, confirmDialog] = useConfirm();

  async function onClick() {
    const yes = await confirm({
      message: t("Become a seller?"),
      detail: t("You can then post laptops for sale. You keep your bookings."),
      confirmLabel: t("Become a seller"),
    });
    if (!yes) return;
    try {
      const res = await trigger();
      auth.login(res.accessToken, res.user);
      toast.success(t("You are now a seller. Post your first laptop from the dashboard."));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("Could not change your role. Please try again."));
    }
  }

  return (
    <Section id="seller" title={t("Sell your laptop")}>
      <p className="text-base-content/70">{t("Your account is a buyer's. Become a seller to post laptops for sale.")}</p>
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => void onClick()} disabled={isMutating} aria-busy={isMutating}>
          {isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Become a seller")}
        </button>
      </div>
      {confirmDialog}
    </Section>
  );
}

function EmailSettings() {
  const { t } = useLanguage();
  const { data, error } = useNotificationSettings(true);
  const { trigger } = useUpdateNotificationSettings();
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

  let body;
  if (error && !data) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your email settings. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!data) {
    body = <FormSkeleton fields={4} label={t("Loading...")} />;
  } else {
    const order = Object.keys(KIND_LABELS);
    const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
    const kinds = Object.keys(data.email).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    body = (
      <ul className="divide-y divide-base-200">
        {kinds.map((kind) => {
          const label = KIND_LABELS[kind] ? t(KIND_LABELS[kind]) : kind.replace(/_/g, " ");
          return (
            <li key={kind}>
              <label className="flex cursor-pointer items-center justify-between gap-4 py-3">
                <span>{label}</span>
                <span className="flex items-center gap-2">
                  {saving === kind && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  <input
                    type="checkbox"
                    className="toggle toggle-primary"
                    name={kind}
                    checked={data.email[kind] ?? true}
                    disabled={saving !== null}
                    onChange={(e) => void onToggle(kind, e.target.checked)}
                  />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Section id="email-settings" title={t("Email notifications")}>
      <p className="text-sm text-base-content/70">{t("Everything still shows under the bell; these choose what also comes by email.")}</p>
      {body}
    </Section>
  );
}

/**
 * SmsSettings (#35): which of the key events also come by SMS. Only a
 * verified phone gets them; until then a line leads to verifying one.
 */
function SmsSettings({ verified }: { verified: boolean }) {
  const { t } = useLanguage();
  const { data, error } = useNotificationSettings(true);
  const { trigger } = useUpdateNotificationSettings("sms");
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

  function toPhone(e: MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    document.getElementById("phone")?.scrollIntoView?.({ block: "start" });
    document.getElementById("verify-phone")?.focus({ preventScroll: true });
  }

  let body;
  if (!verified) {
    body = (
      <p className="text-sm">
        {t("Verify a phone number first to get these by SMS.")}{" "}
        <a href="#phone" className="link link-primary font-medium" onClick={toPhone}>
          {t("Verify your phone number")}
        </a>
      </p>
    );
  } else if (error && !data) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your email settings. Please refresh the page in a moment.")}</span>
      </div>
    );
  } else if (!data) {
    body = <FormSkeleton fields={3} label={t("Loading...")} />;
  } else {
    body = (
      <ul className="divide-y divide-base-200">
        {SMS_KINDS.map(({ kind, label }) => (
          <li key={kind}>
            <label className="flex cursor-pointer items-center justify-between gap-4 py-3">
              <span>{t(label)}</span>
              <span className="flex items-center gap-2">
                {saving === kind && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                <input
                  type="checkbox"
                  className="toggle toggle-primary"
                  name={`sms-${kind}`}
                  aria-label={t("By SMS: {kind}", { kind: t(label) })}
                  checked={data.sms?.[kind] ?? false}
                  disabled={saving !== null}
                  onChange={(e) => void onToggle(kind, e.target.checked)}
                />
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Section id="sms-settings" title={t("SMS notifications")}>
      <p className="text-sm text-base-content/70">{t("When an email cannot reach you (your email is not verified, or that email is turned off above), these come by SMS to your verified phone instead.")}</p>
      {body}
    </Section>
  );
}
