/** The Resale mark and name, as used in the header and footer; compact: below sm only the mark shows (the name stays for screen readers). */
export function BrandLogo({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" className="text-primary" />
        <rect x="14" y="16" width="36" height="24" rx="3" fill="#fff" />
        <rect x="18" y="20" width="28" height="16" rx="1.5" fill="#99f6e4" />
        <path d="M9 43h46l-3 5H12z" fill="#fff" />
        <path
          d="M27 28l4 4 7-8"
          fill="none"
          stroke="#0f766e"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Resale</span>
    </span>
  );
}
