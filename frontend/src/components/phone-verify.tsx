// Verify a phone (#35), in the account settings: a number in any common
// writing, a 6-digit code by SMS, then the number (as the server wrote it)
// with its Verified badge.
import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { CODE_LENGTH, useSendPhoneCode, useVerifyPhone, type CodeSent } from "@/api/phone";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { CodeInput, PhoneVerifiedBadge, phoneProblem, ResendButton, useCountdown } from "@/components/phone-code";
import type { User } from "@/lib/auth";
import { useLanguage } from "@/lib/i18n";
import { normalizePhone } from "@/lib/phone";

/** What was sent, and from when another code may be asked for (ms since the epoch). */
type Sent = CodeSent & { resendAt: number };

/** PhoneVerify proves the signed-in user's phone number with a code sent to it by SMS. */
export function PhoneVerify({ user }: { user: User }) {
  const { t } = useLanguage();
  const [changing, setChanging] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  if (user.phoneVerified && user.phone && !changing && !sent) {
    return (
      <div className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-lg font-semibold" data-testid="verified-phone">
            {user.phone}
          </span>
          <PhoneVerifiedBadge />
        </p>
        <p className="text-sm text-base-content/70">{t("Buyers see this number with its badge, and you can log in with it and a code by SMS.")}</p>
        <div>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setChanging(true)}>
            {t("Verify another number")}
          </button>
        </div>
      </div>
    );
  }
  if (!sent) return <NumberStep user={user} onSent={setSent} onCancel={user.phoneVerified ? () => setChanging(false) : undefined} />;
  return (
    <CodeStep
      sent={sent}
      onResent={setSent}
      onAnotherNumber={() => setSent(null)}
      onVerified={() => {
        setSent(null);
        setChanging(false);
      }}
    />
  );
}

function NumberStep({ user, onSent, onCancel }: { user: User; onSent: (s: Sent) => void; onCancel?: () => void }) {
  const { t, locale } = useLanguage();
  const { trigger, isMutating } = useSendPhoneCode();
  const [phone, setPhone] = useState(user.phoneVerified ? "" : (user.phone ?? ""));
  const [error, setError] = useState<{ phone?: string; form?: string }>({});
  const hint = t("A Bangladeshi mobile number, written any way: 01712345678, +880 1712-345678 or ০১৭১২৩৪৫৬৭৮.");

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError({});
    try {
      const res = await trigger(normalizePhone(phone));
      onSent({ ...res, resendAt: Date.now() + Math.max(0, res.retryAfter) * 1000 });
    } catch (err) {
      const p = phoneProblem(err, t, locale);
      setError(p.field === "phone" ? { phone: p.message } : { form: p.message });
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Verify your phone number")}>
      <FormField id="verify-phone" label={t("Mobile number")} error={error.phone} hint={hint}>
        <input
          id="verify-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          className={`input w-full sm:max-w-xs ${error.phone ? "input-error" : ""}`}
          placeholder="01712345678"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={error.phone ? true : undefined}
          aria-describedby={fieldDescribedBy("verify-phone", error.phone, hint)}
        />
      </FormField>
      {error.form && (
        <p role="alert" className="text-sm text-error">
          {error.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isMutating} aria-busy={isMutating}>
          {isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Send code")}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t("Cancel")}
          </button>
        )}
      </div>
    </form>
  );
}

type CodeStepProps = { sent: Sent; onResent: (s: Sent) => void; onAnotherNumber: () => void; onVerified: () => void };

function CodeStep({ sent, onResent, onAnotherNumber, onVerified }: CodeStepProps) {
  const { t, locale } = useLanguage();
  const verify = useVerifyPhone();
  const resend = useSendPhoneCode();
  const wait = useCountdown(sent.resendAt);
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ code?: string; form?: string }>({});

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setError({ code: t("The code is 6 digits.") });
      return;
    }
    setError({});
    try {
      await verify.trigger(code);
      toast.success(t("Your phone number is verified."));
      onVerified();
    } catch (err) {
      const p = phoneProblem(err, t, locale);
      setError(p.field === "form" ? { form: p.message } : { code: p.message });
    }
  }

  async function onResend() {
    setError({});
    setCode("");
    try {
      const res = await resend.trigger(sent.phone);
      onResent({ ...res, resendAt: Date.now() + Math.max(0, res.retryAfter) * 1000 });
      toast.info(t("A new code is on its way."));
    } catch (err) {
      setError({ form: phoneProblem(err, t, locale).message });
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Enter the code")}>
      <p role="status" className="text-sm">
        {t("We sent a 6-digit code by SMS to {phone}. It works for 5 minutes.", { phone: sent.phone })}
      </p>
      <CodeInput id="verify-code" value={code} onChange={setCode} error={error.code} />
      {error.form && (
        <p role="alert" className="text-sm text-error">
          {error.form}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn btn-primary" disabled={verify.isMutating} aria-busy={verify.isMutating}>
          {verify.isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("Verify")}
        </button>
        <ResendButton wait={wait} busy={resend.isMutating} onClick={() => void onResend()} />
        <button type="button" className="btn btn-ghost btn-sm" onClick={onAnotherNumber}>
          {t("Use another number")}
        </button>
      </div>
    </form>
  );
}
