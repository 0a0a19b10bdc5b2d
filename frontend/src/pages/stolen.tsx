// /stolen (#40): "Is this laptop stolen?" for anyone (a serial in, yes or
// no out), and for a signed-in person the form that registers their stolen
// laptop's serial with the police General Diary number; an admin confirms.
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { POLICE_REPORT_MAX, SERIAL_MAX, useRegisterStolen, useStolenLookup } from "@/api/checks";
import { TextField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useLanguage } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** cleanSerial is a serial as looked up and sent: trimmed, spaces gone, upper case (makers print them so). */
export function cleanSerial(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase().slice(0, SERIAL_MAX);
}

/** The stolen-laptop page: the lookup, then the registration. */
export default function StolenPage() {
  const { t } = useLanguage();
  usePageTitle(t("Is this laptop stolen?"));
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10">
      <Lookup />
      <Register />
    </div>
  );
}

function Lookup() {
  const { t } = useLanguage();
  const [typed, setTyped] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const answer = useStolenLookup(asked);
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const s = cleanSerial(typed);
    setAsked(s || null);
  }
  return (
    <section aria-labelledby="lookup-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5 sm:p-8">
        <h1 id="lookup-title" className="text-2xl font-bold">
          {t("Is this laptop stolen?")}
        </h1>
        <p className="text-base-content/75">{t("Before you buy, type the laptop's serial number. It is on a sticker underneath, and resale-check shows it.")}</p>
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={onSubmit} aria-label={t("Is this laptop stolen?")}>
          <div className="flex-1">
            <TextField id="lookup-serial" label={t("Serial number")} autoComplete="off" value={typed} onChange={setTyped} placeholder="PF2XK9QZ" />
          </div>
          <button type="submit" className="btn btn-primary sm:w-auto" disabled={answer.isLoading} aria-busy={answer.isLoading}>
            {answer.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Look it up")}
          </button>
        </form>
        <div aria-live="polite">
          {asked && answer.error && (
            <div role="alert" className="alert alert-error alert-soft">
              {answer.error instanceof ApiError && answer.error.status === 429 ? t("Too many look-ups. Please wait a minute and try again.") : answer.error.message}
            </div>
          )}
          {asked && answer.data && (
            <div role="status" className={`alert ${answer.data.stolen ? "alert-error" : "alert-success"} alert-soft`} data-testid="stolen-answer">
              <span>
                <strong className="block">{answer.data.stolen ? t("Yes: registered as stolen") : t("No: not registered as stolen")}</strong>
                {answer.data.stolen
                  ? t("Serial {serial} is on the shop's list of stolen laptops. Do not buy it; tell the police.", { serial: asked })
                  : t("Serial {serial} is not on the shop's list. That is not a guarantee: ask for the receipt.", { serial: asked })}
              </span>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function Register() {
  const { t } = useLanguage();
  const { user } = useAuth();
  const register = useRegisterStolen();
  const [serial, setSerial] = useState("");
  const [gd, setGd] = useState("");
  const [errors, setErrors] = useState<{ serial?: string; policeReport?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    const s = cleanSerial(serial);
    try {
      await register.trigger({ serial: s, policeReport: gd.trim() });
      setDone(s);
      setSerial("");
      setGd("");
    } catch (err) {
      if (err instanceof ApiError) setErrors({ serial: err.fields.serial, policeReport: err.fields.policeReport, form: err.fields.serial || err.fields.policeReport ? undefined : err.message });
      else setErrors({ form: t("Something went wrong. Please try again.") });
    }
  }
  return (
    <section aria-labelledby="register-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5 sm:p-8">
        <h2 id="register-title" className="text-xl font-bold">
          {t("Register a stolen laptop")}
        </h2>
        <p className="text-base-content/75">{t("Was your laptop stolen? Report it to the police first, then register its serial number with the General Diary (GD) number. Once an admin confirms it, any listing of that laptop is hidden.")}</p>
        {!user ? (
          <Link to="/login" state={{ from: "/stolen" }} className="btn btn-outline w-full sm:w-fit">
            {t("Log in to register a stolen laptop")}
          </Link>
        ) : done ? (
          <div role="status" className="alert alert-success alert-soft">
            {t("Serial {serial} is registered. An admin checks the General Diary number and confirms it.", { serial: done })}
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} aria-label={t("Register a stolen laptop")}>
            <TextField id="stolen-serial" label={t("Serial number")} autoComplete="off" value={serial} onChange={setSerial} error={errors.serial} />
            <TextField
              id="stolen-gd"
              label={t("General Diary (GD) number")}
              autoComplete="off"
              value={gd}
              onChange={(v) => setGd(v.slice(0, POLICE_REPORT_MAX))}
              error={errors.policeReport}
              hint={t("As the police station wrote it, e.g. Gulshan PS GD 1234, 12-11-2026")}
            />
            {errors.form && (
              <p role="alert" className="text-sm text-error">
                {errors.form}
              </p>
            )}
            <SubmitButton busy={register.isMutating}>{t("Register as stolen")}</SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}
