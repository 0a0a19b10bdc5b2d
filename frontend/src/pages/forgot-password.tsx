import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useForgotPassword } from "@/api/account";
import { AuthCard } from "@/components/auth-card";
import { EmailField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { ApiError } from "@/lib/api";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/**
 * /forgot-password: an email, then "check your email" whatever the answer
 * (the server never says whether the account exists). Only an unusable
 * address or a refused request (too many asked for) is said.
 */
export default function ForgotPassword() {
  const t = useT();
  usePageTitle(t("Forgot password?"));
  const { trigger, isMutating } = useForgotPassword();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(undefined);
    const address = email.trim();
    try {
      await trigger(address);
      setSentTo(address);
    } catch (err) {
      if (err instanceof ApiError && (err.fields.email || err.status === 429 || err.status === 0)) {
        setError(err.fields.email ?? err.message);
      } else {
        setSentTo(address);
      }
    }
  }

  return (
    <AuthCard
      title={t("Forgot password?")}
      subtitle={t("Type the email you signed up with and we will send you a link to choose a new password.")}
      asideTitle={t("Good laptops, fair prices, real people.")}
      asidePoints={[t("Book a laptop and meet the seller"), t("Pay the seller in cash when you meet"), t("Post your own ads for free")]}
    >
      {sentTo !== null ? (
        <div className="flex flex-col gap-4">
          <div role="status" className="alert alert-success alert-soft">
            <span>
              <strong className="block">{t("Check your email")}</strong>
              {t("If an account uses {email}, a link to reset its password is on its way. It works once, for one hour.", { email: sentTo })}
            </span>
          </div>
          <Link to="/login" className="btn btn-primary">
            {t("Back to log in")}
          </Link>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Forgot password?")}>
          <EmailField id="forgot-email" value={email} onChange={setEmail} error={error} />
          <SubmitButton busy={isMutating}>{t("Send the link")}</SubmitButton>
          <p className="text-center text-sm">
            <Link to="/login" className="link link-primary">
              {t("Back to log in")}
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
