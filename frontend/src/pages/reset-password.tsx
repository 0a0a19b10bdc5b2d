import type { FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { RESET_CHECK_KEY, useLinkState, useResetPassword } from "@/api/account";
import { AuthCard } from "@/components/auth-card";
import { NewPasswordFields, useNewPassword } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";


/**
 * /reset-password?token=...: the link of the reset email. On arrival the
 * page asks whether the link still works, and a used, expired or unknown
 * one says so at once, with a way to ask for a new one. Otherwise a new
 * password twice; the answer signs in here (every other session has
 * ended), then home.
 */
export default function ResetPassword() {
  const t = useT();
  usePageTitle(t("Choose a new password"));
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const auth = useAuth();
  const navigate = useNavigate();
  const { trigger, isMutating } = useResetPassword();
  // spends nothing; once the password is changed the answer is not asked again
  const { data: link, isLoading: checking } = useLinkState(RESET_CHECK_KEY, token);
  const fields = useNewPassword();
  const { password, errors, setErrors } = fields;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!fields.check()) return;
    try {
      const res = await trigger({ token, password });
      auth.login(res.accessToken, res.user);
      toast.success(t("Your password is changed and you are logged in."));
      void navigate("/home", { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : t("Could not change the password. Please try again.");
      const fields = err instanceof ApiError ? err.fields : {};
      if (fields.password) setErrors({ password: fields.password });
      else setErrors({ form: message });
    }
  }

  const intro = { asideTitle: t("Good laptops, fair prices, real people."), asidePoints: [t("Book a laptop and meet the seller"), t("Pay the seller in cash when you meet"), t("Post your own ads for free")] };
  if (!token) {
    return (
      <AuthCard title={t("Choose a new password")} subtitle={t("This link is not complete. Open the link from the email again, or ask for a new one.")} {...intro}>
        <Link to="/forgot-password" className="btn btn-primary">
          {t("Ask for a new link")}
        </Link>
      </AuthCard>
    );
  }
  if (checking) {
    return (
      <AuthCard title={t("Choose a new password")} subtitle={t("Checking the link…")} {...intro}>
        <div role="status" className="flex justify-center py-6">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          <span className="sr-only">{t("Checking the link…")}</span>
        </div>
      </AuthCard>
    );
  }
  if (link && link.state !== "valid") {
    const said = {
      used: [t("This link was already used"), t("Each link works once, and a new password ends the other links. If you chose it, log in with it; if not, ask for a new link.")],
      expired: [t("This link has expired"), t("A reset link works for an hour. Ask for a new one: it comes by email in a minute.")],
      unknown: [t("This link does not work"), t("It may be cut short or mistyped. Open the link from the email again, or ask for a new one.")],
    }[link.state];
    return (
      <AuthCard title={said[0]} subtitle={said[1]} {...intro}>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/forgot-password" className="btn btn-primary sm:flex-1">
            {t("Ask for a new link")}
          </Link>
          {link.state === "used" && !auth.user && (
            <Link to="/login" className="btn btn-outline sm:flex-1">
              {t("Log In")}
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("Choose a new password")} subtitle={t("Type a new password twice. Every other place you are logged in will be logged out.")} {...intro}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-label={t("Choose a new password")}>
        {errors.form && (
          <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2">
            <span>{errors.form}</span>
            <Link to="/forgot-password" className="link font-medium">
              {t("Ask for a new link")}
            </Link>
          </div>
        )}
        <NewPasswordFields id="reset" name="password" state={fields} />
        <SubmitButton busy={isMutating}>{t("Save the new password")}</SubmitButton>
      </form>
    </AuthCard>
  );
}
