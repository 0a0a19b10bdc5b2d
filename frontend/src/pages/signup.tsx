import { useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "react-toastify";
import { useSignup, type SignupRole } from "@/api/auth";
import { AuthCard } from "@/components/auth-card";
import { fieldDescribedBy, EmailField, FormField, TextField } from "@/components/form-field";
import { PhotoField, photoProblem } from "@/components/photo-field";
import { SubmitButton } from "@/components/submit-button";
import { UploadProgress } from "@/components/upload-progress";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { armAction } from "@/lib/pending-action";
import { useT, type Translate } from "@/lib/i18n";
import { returnPath } from "@/lib/return-path";
import { usePageTitle } from "@/lib/title";

type Field = "userName" | "image" | "email" | "password" | "role";
type Errors = Partial<Record<Field, string>>;

const MIN_PASSWORD = 8;

/** validate runs the client's checks; the server checks everything again. */
function validate(v: { userName: string; image: File | null; email: string; password: string }, t: Translate): Errors {
  const errors: Errors = {};
  if (!v.userName.trim()) errors.userName = t("Enter your name");
  const photo = photoProblem(v.image, t("Choose a photo of yourself"), t);
  if (photo) errors.image = photo;
  if (!v.email.trim()) errors.email = t("Enter your email");
  if (!v.password) errors.password = t("Choose a password");
  else if (v.password.length < MIN_PASSWORD) errors.password = t("Use at least {n} characters", { n: MIN_PASSWORD });
  return errors;
}

/** /signup: create a Buyer or Seller account with a photo. */
export default function Signup() {
  const t = useT();
  usePageTitle(t("Sign Up"));
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const from = returnPath(location.state, search);
  // How much of the form (the photo, mostly) has gone: 0 to 1, null when not sending.
  const [sent, setSent] = useState<number | null>(null);
  const { trigger, isMutating } = useSignup(setSent);
  const [userName, setUserName] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // "Post your ad" sends a visitor here with ?role=Seller
  const [role, setRole] = useState<SignupRole>(search.get("role") === "Seller" ? "Seller" : "Buyer");
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  if (auth.user && !signedIn) return <Navigate to="/home" replace />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    const found = validate({ userName, image, email, password }, t);
    setErrors(found);
    if (Object.keys(found).length > 0 || !image) return;
    setSent(0);
    try {
      const res = await trigger({ userName: userName.trim(), email: email.trim(), password, role, image });
      setSent(null);
      setSignedIn(true);
      auth.login(res.accessToken, res.user);
      // the action that sent them here (Save, Book...) is finished there
      armAction(from, res.user._id);
      toast.success(t("User create Success"));
      void navigate(from, { replace: true });
    } catch (err) {
      setSent(null);
      const text = err instanceof Error ? err.message : t("Sign-up failed. Try again.");
      if (!(err instanceof ApiError)) {
        setMessage(text);
        return;
      }
      const next: Errors = {};
      for (const key of ["userName", "image", "email", "password", "role"] as const) {
        if (err.fields[key]) next[key] = err.fields[key];
      }
      // 413 and 415 are about the photo even when no field is named.
      if ((err.status === 413 || err.status === 415) && !next.image) next.image = text;
      setErrors(next);
      setMessage(text);
    }
  }

  const passwordHint = t("At least {n} characters", { n: MIN_PASSWORD });

  return (
    <AuthCard
      title={t("Sign Up")}
      subtitle={t("Create a free account to book laptops, or to sell your own.")}
      asideTitle={t("Join the marketplace for second-hand laptops.")}
      asidePoints={[t("Buyers book and pay in a few clicks"), t("Sellers post ads with photos for free"), t("Verified sellers get a badge")]}
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label={t("Sign Up")}>
        <TextField
          id="signup-name"
          name="userName"
          label={t("Name")}
          autoComplete="name"
          placeholder={t("Your full name")}
          value={userName}
          onChange={setUserName}
          error={errors.userName}
        />

        <PhotoField
          id="signup-photo"
          label={t("Photo")}
          error={errors.image}
          file={image}
          onChange={setImage}
          previewAlt={t("Preview of your photo")}
          shape="avatar"
        />

        <EmailField id="signup-email" value={email} onChange={setEmail} error={errors.email} />

        <TextField
          id="signup-password"
          name="password"
          type="password"
          label={t("Password")}
          autoComplete="new-password"
          minLength={MIN_PASSWORD}
          placeholder={t("Choose a password")}
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint={passwordHint}
        />

        <FormField id="signup-role" label={t("Account Type")} error={errors.role}>
          <select
            id="signup-role"
            name="role"
            required
            className={`select w-full ${errors.role ? "select-error" : ""}`}
            value={role}
            onChange={(e) => setRole(e.target.value as SignupRole)}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={fieldDescribedBy("signup-role", errors.role)}
          >
            <option value="Buyer">{t("Buyer")}</option>
            <option value="Seller">{t("Seller")}</option>
          </select>
        </FormField>

        {message && (
          <p role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        {isMutating && sent !== null && <UploadProgress sent={sent} label={t("Uploading your photo…")} />}
        <SubmitButton busy={isMutating}>{t("Sign Up")}</SubmitButton>
      </form>

      <p className="text-center text-sm">
        {t("Already have an account?")}{" "}
        <Link to="/login" state={{ from }} className="link link-primary font-medium">
          {t("Log in")}
        </Link>
      </p>
    </AuthCard>
  );
}
