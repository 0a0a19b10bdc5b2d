import { useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useT, type MessageKey } from "@/lib/i18n";

type Slide = {
  title: MessageKey;
  text: MessageKey;
  tag: MessageKey;
  /** A link, or "post-ad": the page's own Post your ad button (it depends on who is signed in). */
  cta: { label: MessageKey; to: string } | "post-ad";
  /** Fixed colours, the same in both themes: white text stays readable on them. */
  background: string;
  art: ReactNode;
};

function LaptopArt({ children, screen = "#99f6e4" }: { children?: ReactNode; screen?: string }) {
  return (
    <svg viewBox="0 0 320 220" className="h-full w-full drop-shadow-xl" aria-hidden="true">
      <rect x="46" y="20" width="228" height="146" rx="10" fill="#f8fafc" />
      <rect x="58" y="32" width="204" height="122" rx="4" fill={screen} />
      <path d="M20 172h280l-16 22H36z" fill="#e2e8f0" />
      <rect x="136" y="174" width="48" height="6" rx="3" fill="#94a3b8" />
      {children}
    </svg>
  );
}

const slides: Slide[] = [
  {
    tag: "Second-hand laptops",
    title: "A good laptop doesn't have to be a new one.",
    text: "Walton, Apple, HP and Asus laptops from sellers near you, at a fraction of the shop price.",
    cta: { label: "Browse brands", to: "#categories" },
    background: "from-teal-700 to-slate-700",
    art: (
      <LaptopArt>
        <rect x="74" y="50" width="80" height="10" rx="5" fill="#0f766e" opacity=".7" />
        <rect x="74" y="70" width="120" height="8" rx="4" fill="#0f766e" opacity=".35" />
        <rect x="74" y="86" width="100" height="8" rx="4" fill="#0f766e" opacity=".35" />
        <rect x="74" y="110" width="56" height="22" rx="11" fill="#0f766e" />
        <g transform="translate(214 6) rotate(14)">
          <path d="M0 14 14 0h58a6 6 0 0 1 6 6v40a6 6 0 0 1-6 6H14L0 38z" fill="#fbbf24" />
          <circle cx="14" cy="26" r="5" fill="#fff" />
          <text x="46" y="33" textAnchor="middle" fontSize="18" fontWeight="800" fill="#422006" fontFamily="system-ui, sans-serif">
            Tk
          </text>
        </g>
      </LaptopArt>
    ),
  },
  {
    tag: "Sell in minutes",
    title: "Turn your old laptop into cash.",
    text: "Post an ad with a photo for free. Buyers book it from the listing and call you to meet.",
    cta: "post-ad",
    background: "from-slate-700 to-slate-900",
    art: (
      <LaptopArt screen="#bae6fd">
        <circle cx="160" cy="92" r="36" fill="#0369a1" opacity=".9" />
        <path d="M160 76v32M144 92h32" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
        <g transform="translate(232 110)">
          <rect width="70" height="52" rx="10" fill="#f8fafc" />
          <rect x="22" y="-8" width="26" height="12" rx="4" fill="#f8fafc" />
          <circle cx="35" cy="27" r="15" fill="#0ea5e9" />
          <circle cx="35" cy="27" r="7" fill="#f8fafc" />
        </g>
      </LaptopArt>
    ),
  },
  {
    tag: "Buy with confidence",
    title: "Meet, check it, then pay.",
    text: "Look for the Verified badge, choose where to meet, and pay only when you are happy: in cash at the hand-over.",
    cta: { label: "See urgent deals", to: "#urgent-sell" },
    background: "from-slate-800 to-teal-700",
    art: (
      <LaptopArt screen="#bbf7d0">
        <path d="M160 52l34 12v24c0 22-15 38-34 46-19-8-34-24-34-46V64z" fill="#15803d" />
        <path d="m146 92 10 10 20-22" fill="none" stroke="#fff" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
        <g transform="translate(244 96)">
          <path d="M24 0a24 24 0 0 1 24 24c0 18-24 44-24 44S0 42 0 24A24 24 0 0 1 24 0z" fill="#f43f5e" />
          <circle cx="24" cy="24" r="9" fill="#fff" />
        </g>
      </LaptopArt>
    ),
  },
];

function CtaLink({ to, children }: { to: string; children: ReactNode }) {
  const className = "btn btn-accent";
  return to.startsWith("#") ? (
    <a href={to} className={className}>
      {children}
    </a>
  ) : (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

/** The home page's three-slide banner: swipe, arrows or the dots below. postAd is the selling slide's button. */
export function BannerCarousel({ postAd }: { postAd?: ReactNode }) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  function goTo(index: number) {
    const next = (index + slides.length) % slides.length;
    setCurrent(next);
    const el = track.current;
    if (el && typeof el.scrollTo === "function") {
      const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      el.scrollTo({ left: next * el.clientWidth, behavior: reduce ? "auto" : "smooth" });
    }
  }

  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    if (index !== current && index >= 0 && index < slides.length) setCurrent(index);
  }

  return (
    <section aria-roledescription={t("carousel")} aria-label={t("Highlights")} className="relative">
      <div ref={track} onScroll={onScroll} className="carousel w-full overflow-y-hidden rounded-box shadow-sm">
        {slides.map((s, i) => (
          <div
            key={s.title}
            role="group"
            aria-roledescription={t("slide")}
            aria-label={t("{n} of {total}", { n: i + 1, total: slides.length })}
            aria-hidden={i !== current}
            className={`carousel-item w-full bg-gradient-to-br ${s.background} text-white`}
          >
            {/* on a phone as tall as its words (#37: the laptops start on the first screen), its longer text left out */}
            <div className="flex min-h-52 w-full items-center justify-between gap-8 px-5 py-5 sm:h-[21rem] sm:px-16 sm:py-8 md:px-20 lg:h-[24rem] lg:px-24">
              <div className="flex max-w-xl flex-col items-start gap-3 sm:gap-5">
                <span className="badge badge-accent font-semibold">{t(s.tag)}</span>
                {i === 0 ? (
                  <h1 className="text-2xl font-extrabold leading-tight sm:text-4xl xl:text-5xl">{t(s.title)}</h1>
                ) : (
                  <h2 className="text-2xl font-extrabold leading-tight sm:text-4xl xl:text-5xl">{t(s.title)}</h2>
                )}
                <p className="hidden text-base opacity-90 sm:block sm:text-lg">{t(s.text)}</p>
                {s.cta === "post-ad" ? (
                  i === current ? (
                    postAd
                  ) : (
                    <span className="btn btn-accent pointer-events-none">{t("Post your ad")}</span>
                  )
                ) : i === current ? (
                  <CtaLink to={s.cta.to}>{t(s.cta.label)}</CtaLink>
                ) : (
                  <span className="btn btn-accent pointer-events-none">{t(s.cta.label)}</span>
                )}
              </div>
              <div className="hidden h-56 w-80 shrink-0 lg:block xl:h-64 xl:w-96">{s.art}</div>
            </div>
          </div>
        ))}
      </div>

      {/* On a phone the arrows sit beside the dots; wider, they float over the slide's edges. */}
      <div className="mt-2 flex items-center justify-center gap-2">
        <button
          type="button"
          className="btn btn-circle btn-sm border-0 bg-base-100 shadow sm:absolute sm:top-[calc(50%-1.5rem)] sm:left-3 sm:-translate-y-1/2 sm:bg-base-100/80 md:btn-md"
          onClick={() => goTo(current - 1)}
          aria-label={t("Previous slide")}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="m15 18-6-6 6-6" />
          </svg>
        </button>
        <div className="flex" role="group" aria-label={t("Choose a slide")}>
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              onClick={() => goTo(i)}
              aria-label={t("Slide {n}: {tag}", { n: i + 1, tag: t(s.tag) })}
              aria-current={i === current ? "true" : undefined}
              className="group flex h-8 min-w-8 items-center justify-center px-1.5"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${i === current ? "w-8 bg-primary" : "w-2.5 bg-base-300 group-hover:bg-base-content/30"}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-circle btn-sm border-0 bg-base-100 shadow sm:absolute sm:top-[calc(50%-1.5rem)] sm:right-3 sm:-translate-y-1/2 sm:bg-base-100/80 md:btn-md"
          onClick={() => goTo(current + 1)}
          aria-label={t("Next slide")}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="m9 6 6 6-6 6" />
          </svg>
        </button>
      </div>
    </section>
  );
}
