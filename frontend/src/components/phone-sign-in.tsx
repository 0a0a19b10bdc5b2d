// Log in with a phone (#35): a verified number, then the 6-digit code sent
// to it by SMS. The page says the same after sending whether or not the
// number is on an account.
import { useState, type FormEvent } from "react";
import type { AuthResponse } from "@/api/auth";
import { CODE_LENGTH, usePhoneSignIn, usePhoneSignInCode } from "@/api/phone";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { CodeInput, phoneProblem, ResendButton, useCountdown } from "@/components/phone-code";
import { SubmitButton } from "@/components/submit-button";
import { ApiError } from "@/lib/api";
import { useLanguage } from "@/lib/i18n";
import { normalizePhone } from "@/lib/phone";

/** How long to wait before offering another code when the server names no wait. */
const RESEND_SECONDS = 60;

/** PhoneSignIn asks for a code to a number, then trades the code for a session handed to onSignedIn. */
export function PhoneSignIn({ onSignedIn }: { onSignedIn: (res: AuthResponse) => void }) {
  const { t, locale } = useLanguage();
  const ask = usePhoneSignInCode();
  const signIn = usePhoneSignIn();
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ phone?: string; code?: string; form?: string }>({});

  async function send() {
    setErrors({});
    const number = normalizePhone(phone);
    try {
      const res = await ask.trigger(number);
      const retry = typeof res === "object" && res !== null && typeof (res as { retryAfter?: unknown }).retryAfter === "number" ? (res as { retryAfter: number }).retryAfter : RESEND_SECONDS;
      setSentTo(number);
      setCode("");
      setResendAt(Date.now() + retry * 1000);
    } catch (err) {
      const p = phoneProblem(err, t, locale);
      setErrors(p.field === "phone" ? { phone: p.message } : { form: p.message });
      if (err instanceof ApiError && err.status === 429 && err.retryAfter) setResendAt(Date.now() + err.retryAfter * 1000);
    }
  }

  async function onSendCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await send();
  }

  async function onSignIn(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!sentTo) return;
    if (code.length !== CODE_LENGTH) {
      setErrors({ code: t("The code is 6 digits.") });
      return;
    }
    setErrors({});
    try {
      onSignedIn(await signIn.trigger({ phone: sentTo, code }));
    } catch (err) {
      const p = phoneProblem(err, t, locale);
      setErrors(p.field === "form" ? { form: p.message } : { code: p.message });
    }
  }

  const hint = t("The number verified on your account, written any way: 01712345678 or +880 1712-345678.");
  if (sentTo === null) {
    return (
      <form className="flex flex-col gap-4" onSubmit={onSendCode} aria-label={t("Log in with phone")}>
        <FormField id="login-phone" label={t("Mobile number")} error={errors.phone} hint={hint}>
          <input
            id="login-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            className={`input w-full ${errors.phone ? "input-error" : ""}`}
            placeholder="01712345678"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={fieldDescribedBy("login-phone", errors.phone, hint)}
          />
        </FormField>
        {errors.form && (
          <p role="alert" className="text-sm text-error">
            {errors.form}
          </p>
        )}
        <SubmitButton busy={ask.isMutating}>{t("Send code")}</SubmitButton>
      </form>
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={onSignIn} aria-label={t("Log in with phone")}>
      <p role="status" className="alert alert-info alert-soft text-sm">
        {t("If this number is verified on an account, a code is on its way.")}
      </p>
      <p className="text-sm text-base-content/70">
        {t("Number")}: <span className="font-medium text-base-content">{sentTo}</span>
      </p>
      <CodeInput id="login-code" value={code} onChange={setCode} error={errors.code} />
      {errors.form && (
        <p role="alert" className="text-sm text-error">
          {errors.form}
        </p>
      )}
      <SubmitButton busy={signIn.isMutating}>{t("Login")}</SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ResendButton wait={wait} busy={ask.isMutating} onClick={() => void send()} />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setSentTo(null);
            setErrors({});
          }}
        >
          {t("Use another number")}
        </button>
      </div>
    </form>
  );
}
