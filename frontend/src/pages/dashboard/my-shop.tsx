// /dashboard/shop (seller, #37): the seller's shop page: logo and banner
// (uploaded as photos are), address, about text, the week's opening hours
// and where the shop is on a map. The public page is /seller/{id}.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { toast } from "react-toastify";
import { useUploadImage } from "@/api/products";
import { SHOP_ABOUT_MAX, SHOP_ADDRESS_MAX, SHOP_DAYS, useMyShop, useSaveShop, type Shop, type ShopDay, type ShopInput } from "@/api/shops";
import { fieldDescribedBy, FormField } from "@/components/form-field";
import { photoProblem } from "@/components/photo-field";
import { dayName } from "@/components/shop-info";
import { FormSkeleton } from "@/components/skeletons";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useLanguage, type Translate } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

/** A day's row of the hours editor: open that day, and from when to when ("HH:MM" as a time input holds it). */
type DayRow = { open: boolean; from: string; to: string };
type Rows = Record<ShopDay, DayRow>;

/** What the seller typed, as typed. */
export type ShopValues = {
  logo: string;
  banner: string;
  address: string;
  about: string;
  hours: Rows;
  lat: string;
  lon: string;
};

type Errors = Partial<Record<"logo" | "banner" | "address" | "about" | "hours" | "lat" | "lon" | `hours.${ShopDay}`, string>>;

/** shopValues fills the form from the saved page; midnight ("24:00") is 00:00 in a time input. */
export function shopValues(s: Shop): ShopValues {
  const hours = Object.fromEntries(SHOP_DAYS.map((d) => [d, { open: false, from: "10:00", to: "20:00" }])) as Rows;
  for (const h of s.hours) hours[h.day] = { open: true, from: h.open, to: h.close === "24:00" ? "00:00" : h.close };
  return {
    logo: s.logo,
    banner: s.banner,
    address: s.address,
    about: s.about,
    hours,
    lat: s.lat === null ? "" : String(s.lat),
    lon: s.lon === null ? "" : String(s.lon),
  };
}

/** shopBody is the PUT /api/me/shop body; a closing time of 00:00 is midnight. */
export function shopBody(v: ShopValues): ShopInput {
  const lat = v.lat.trim();
  const lon = v.lon.trim();
  return {
    logo: v.logo,
    banner: v.banner,
    address: v.address.trim(),
    about: v.about.trim(),
    hours: SHOP_DAYS.filter((d) => v.hours[d].open).map((d) => ({ day: d, open: v.hours[d].from, close: v.hours[d].to === "00:00" ? "24:00" : v.hours[d].to })),
    lat: lat === "" ? null : Number(lat),
    lon: lon === "" ? null : Number(lon),
  };
}

/** validateShop runs the client's checks; the server checks everything again. */
export function validateShop(v: ShopValues, t: Translate): Errors {
  const e: Errors = {};
  if (v.address.trim().length > SHOP_ADDRESS_MAX) e.address = t("At most {n} characters", { n: SHOP_ADDRESS_MAX });
  if (v.about.trim().length > SHOP_ABOUT_MAX) e.about = t("At most {n} characters", { n: SHOP_ABOUT_MAX });
  for (const d of SHOP_DAYS) {
    const h = v.hours[d];
    if (!h.open) continue;
    const to = h.to === "00:00" ? "24:00" : h.to;
    if (!/^\d\d:\d\d$/.test(h.from) || !/^\d\d:\d\d$/.test(h.to)) e[`hours.${d}`] = t("Enter when it opens and closes");
    else if (h.from >= to) e[`hours.${d}`] = t("It must open before it closes");
  }
  const lat = v.lat.trim();
  const lon = v.lon.trim();
  if (lat !== "" || lon !== "") {
    const la = Number(lat);
    const lo = Number(lon);
    if (lat === "" || Number.isNaN(la) || la < -90 || la > 90) e.lat = t("Enter a latitude from -90 to 90, e.g. 23.8103");
    if (lon === "" || Number.isNaN(lo) || lo < -180 || lo > 180) e.lon = t("Enter a longitude from -180 to 180, e.g. 90.4125");
  }
  return e;
}

/** serverErrors puts a 400's fields beside their inputs; the server's words are English. */
function serverErrors(fields: Record<string, string>): Errors {
  const e: Errors = {};
  for (const [k, problem] of Object.entries(fields)) {
    if (k in LABEL_OF) e[k as keyof Errors] = /^[a-z]/.test(problem) ? `${LABEL_OF[k]} ${problem}` : problem;
  }
  return e;
}

const LABEL_OF: Record<string, string> = {
  logo: "Logo",
  banner: "Banner",
  address: "Address",
  about: "About",
  hours: "Opening hours",
  lat: "Latitude",
  lon: "Longitude",
  ...Object.fromEntries(SHOP_DAYS.map((d) => [`hours.${d}`, "The hours"])),
};

/** A photo of the shop (logo or banner): uploaded at once when chosen, shown, changed or removed. */
function ShopPhoto(props: { id: string; label: string; hint: string; url: string; wide: boolean; error?: string; onChange: (url: string) => void; onError: (e?: string) => void }) {
  const { id, label, hint, url, wide, error, onChange, onError } = props;
  const { t } = useLanguage();
  const upload = useUploadImage();
  const input = useRef<HTMLInputElement>(null);
  async function onFile(file: File | null) {
    if (!file) return;
    const problem = photoProblem(file, "", t);
    if (problem) return onError(problem);
    onError(undefined);
    try {
      const up = await upload.trigger(file);
      onChange(up.data.url);
    } catch (err) {
      onError(err instanceof Error ? err.message : t("The photo could not be uploaded. Try another one."));
    } finally {
      if (input.current) input.current.value = "";
    }
  }
  const box = wide ? "aspect-[3/1] w-full" : "h-24 w-24";
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className={`flex gap-3 ${wide ? "flex-col" : "items-center"}`}>
        <div className={`${box} shrink-0 overflow-hidden rounded-box border border-dashed border-base-300 bg-base-200/60`}>
          {url ? <img src={url} alt={t("{label} preview", { label })} className="h-full w-full object-cover" /> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy(id, error, hint)}
            onChange={(e) => void onFile(e.target.files?.[0] ?? null)}
          />
          <button type="button" className="btn btn-sm btn-outline" disabled={upload.isMutating} aria-busy={upload.isMutating} onClick={() => input.current?.click()}>
            {upload.isMutating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {url ? t("Change {label}", { label }) : t("Upload {label}", { label })}
          </button>
          {url && (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => onChange("")}>
              {t("Remove {label}", { label })}
            </button>
          )}
        </div>
      </div>
    </FormField>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-base-content/60">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The week's hours: a switch and two times a day, and a button that gives every open day the first one's times. */
function HoursEditor({ rows, errors, onChange }: { rows: Rows; errors: Errors; onChange: (rows: Rows) => void }) {
  const { t, locale } = useLanguage();
  const set = (d: ShopDay, row: Partial<DayRow>) => onChange({ ...rows, [d]: { ...rows[d], ...row } });
  const first = SHOP_DAYS.find((d) => rows[d].open);
  return (
    <Group title={t("Opening hours")}>
      {errors.hours && <p className="text-sm text-error">{errors.hours}</p>}
      <ul className="flex flex-col divide-y divide-base-200">
        {SHOP_DAYS.map((d) => {
          const row = rows[d];
          const err = errors[`hours.${d}`];
          const name = dayName(d, locale);
          return (
            <li key={d} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center">
              <label className="flex min-w-36 cursor-pointer items-center gap-3">
                <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={row.open} onChange={(e) => set(d, { open: e.target.checked })} />
                <span className="font-medium">{name}</span>
              </label>
              {row.open ? (
                <div className="flex flex-1 flex-wrap items-center gap-2">
                  <input
                    type="time"
                    className={`input input-sm w-32 ${err ? "input-error" : ""}`}
                    aria-label={t("{day}: opens at", { day: name })}
                    value={row.from}
                    aria-invalid={err ? true : undefined}
                    onChange={(e) => set(d, { from: e.target.value })}
                  />
                  <span aria-hidden="true">–</span>
                  <input
                    type="time"
                    className={`input input-sm w-32 ${err ? "input-error" : ""}`}
                    aria-label={t("{day}: closes at", { day: name })}
                    value={row.to}
                    aria-invalid={err ? true : undefined}
                    onChange={(e) => set(d, { to: e.target.value })}
                  />
                  {err && <p className="basis-full text-sm text-error">{err}</p>}
                </div>
              ) : (
                <span className="text-sm text-base-content/60">{t("Closed")}</span>
              )}
            </li>
          );
        })}
      </ul>
      {first && (
        <button
          type="button"
          className="btn btn-sm btn-ghost self-start"
          onClick={() => onChange(Object.fromEntries(SHOP_DAYS.map((d) => [d, rows[d].open ? { ...rows[d], from: rows[first].from, to: rows[first].to } : rows[d]])) as Rows)}
        >
          {t("Give every open day {day}'s hours", { day: dayName(first, locale) })}
        </button>
      )}
    </Group>
  );
}

/** The page. */
export default function MyShop() {
  const { t } = useLanguage();
  usePageTitle(t("My shop"));
  const shop = useMyShop();
  if (shop.error) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("We couldn't load your shop page. Please refresh the page in a moment.")}</span>
      </div>
    );
  }
  if (!shop.data) return <FormSkeleton fields={6} />;
  return <ShopForm initial={shop.data} />;
}

function ShopForm({ initial }: { initial: Shop }) {
  const { t } = useLanguage();
  const { user } = useAuth();
  const save = useSaveShop();
  const [v, setV] = useState(() => shopValues(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof ShopValues>(k: K, value: ShopValues[K]) => setV((old) => ({ ...old, [k]: value }));

  function show(found: Errors) {
    setErrors(found);
    setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    const found = validateShop(v, t);
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    try {
      await save.trigger(shopBody(v));
      toast.success(t("Your shop page is saved"));
    } catch (err) {
      setMessage(err instanceof Error ? err.message : t("Could not save. Please try again."));
      if (err instanceof ApiError) show(serverErrors(err.fields));
    }
  }

  function locate() {
    if (!("geolocation" in navigator)) {
      setErrors((e) => ({ ...e, lat: t("This browser cannot tell where you are: type the numbers from a map") }));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        setV((old) => ({ ...old, lat: p.coords.latitude.toFixed(6), lon: p.coords.longitude.toFixed(6) }));
        setErrors((e) => ({ ...e, lat: undefined, lon: undefined }));
      },
      () => {
        setLocating(false);
        setErrors((e) => ({ ...e, lat: t("Your location could not be read: allow it, or type the numbers from a map") }));
      },
      { enableHighAccuracy: true, timeout: 15000 },
    );
  }

  const input = (k: keyof Errors) => `input w-full ${errors[k] ? "input-error" : ""}`;
  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm" aria-labelledby="my-shop-title">
      <div className="card-body gap-6 p-5 sm:p-8">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 id="my-shop-title" className="text-2xl font-bold sm:text-3xl">
              {t("My shop")}
            </h1>
            <p className="mt-1 text-base-content/70">{t("Buyers see this on your shop page, linked from every listing of yours.")}</p>
            {user && <p className="mt-1 text-sm text-base-content/70">{t("Your shop's name is your name, {name}: change it in Account settings.", { name: user.userName })}</p>}
          </div>
          {user && (
            <Link to={`/seller/${encodeURIComponent(user._id)}`} className="btn btn-outline btn-sm">
              {t("See your shop page")}
            </Link>
          )}
        </header>
        <form ref={form} className="flex flex-col gap-8" onSubmit={onSubmit} noValidate aria-labelledby="my-shop-title">
          <Group title={t("Logo and banner")}>
            <ShopPhoto id="shop-logo" label={t("Logo")} hint={t("Square works best. JPEG, PNG, WebP or GIF, up to 8 MB.")} url={v.logo} wide={false}
              error={errors.logo} onChange={(url) => set("logo", url)} onError={(e) => setErrors((old) => ({ ...old, logo: e }))} />
            <ShopPhoto id="shop-banner" label={t("Banner")} hint={t("A wide photo of your shop, about 3 times as wide as it is high.")} url={v.banner} wide
              error={errors.banner} onChange={(url) => set("banner", url)} onError={(e) => setErrors((old) => ({ ...old, banner: e }))} />
          </Group>
          <Group title={t("About your shop")}>
            <FormField id="shop-address" label={t("Address")} error={errors.address} hint={t("Where buyers find you, e.g. Shop 12, Level 4, Multiplan Center, Dhaka")}>
              <input id="shop-address" name="address" type="text" autoComplete="street-address" maxLength={SHOP_ADDRESS_MAX} className={input("address")} value={v.address}
                aria-invalid={errors.address ? true : undefined} aria-describedby={fieldDescribedBy("shop-address", errors.address, "hint")} onChange={(e) => set("address", e.target.value)} />
            </FormField>
            <FormField id="shop-about" label={t("About")} error={errors.about} hint={t("What you sell, warranty, delivery: up to {n} characters", { n: SHOP_ABOUT_MAX })}>
              <textarea id="shop-about" name="about" rows={5} maxLength={SHOP_ABOUT_MAX} className={`textarea w-full ${errors.about ? "textarea-error" : ""}`} value={v.about}
                aria-invalid={errors.about ? true : undefined} aria-describedby={fieldDescribedBy("shop-about", errors.about, "hint")} onChange={(e) => set("about", e.target.value)} />
            </FormField>
          </Group>
          <HoursEditor rows={v.hours} errors={errors} onChange={(rows) => set("hours", rows)} />
          <Group title={t("On the map")}>
            <p className="-mt-2 text-sm text-base-content/70">{t("Optional. Without it, the map link looks for your address.")}</p>
            <div className="grid grid-cols-2 gap-3">
              <FormField id="shop-lat" label={t("Latitude")} error={errors.lat}>
                <input id="shop-lat" name="lat" type="text" inputMode="decimal" placeholder="23.8103" className={input("lat")} value={v.lat}
                  aria-invalid={errors.lat ? true : undefined} aria-describedby={fieldDescribedBy("shop-lat", errors.lat)} onChange={(e) => set("lat", e.target.value)} />
              </FormField>
              <FormField id="shop-lon" label={t("Longitude")} error={errors.lon}>
                <input id="shop-lon" name="lon" type="text" inputMode="decimal" placeholder="90.4125" className={input("lon")} value={v.lon}
                  aria-invalid={errors.lon ? true : undefined} aria-describedby={fieldDescribedBy("shop-lon", errors.lon)} onChange={(e) => set("lon", e.target.value)} />
              </FormField>
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-sm btn-outline" onClick={locate} disabled={locating} aria-busy={locating}>
                {locating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                {t("Use where I am now")}
              </button>
              {(v.lat || v.lon) && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setV((old) => ({ ...old, lat: "", lon: "" }))}>
                  {t("Clear the map position")}
                </button>
              )}
            </div>
          </Group>
          {message && (
            <p role="alert" className="text-sm text-error">
              {message}
            </p>
          )}
          <button type="submit" className="btn btn-primary w-full sm:w-48 sm:self-end" disabled={save.isMutating} aria-busy={save.isMutating}>
            {save.isMutating && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("Save shop page")}
          </button>
        </form>
      </div>
    </section>
  );
}
