import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from "react";
import { MAX_TEXT } from "@/api/max-text";
import { forgetSearch, readRecent, rememberSearch, useSuggestions, type Suggestion } from "@/api/suggest";
import { formatNumber } from "@/lib/format";
import { useLanguage } from "@/lib/i18n";

type SearchBoxProps = {
  /** The words searched for now (the URL's q); the box shows them. */
  value: string;
  onSearch: (q: string) => void;
  /** Escape pressed in the box with no list open. */
  onEscape?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

/** One row of the list: a suggestion, or a recent search (removable). */
type Option = { text: string; recent: boolean; suggestion?: Suggestion };

/**
 * The laptop search form: one box and a search button. While typing, the
 * box offers suggestions (brands, models, specs, with how many laptops
 * each finds); empty, it offers the person's recent searches, kept on
 * this device. An ARIA combobox: arrows move, Enter picks, Escape closes.
 */
export function SearchBox({ value, onSearch, onEscape, inputRef, className = "" }: SearchBoxProps) {
  const { t, locale } = useLanguage();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const listId = useId();
  // Follow the URL (Back, a new search) without losing what is being typed otherwise.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const suggestions = useSuggestions(draft);
  const options: Option[] =
    draft.trim() === "" ? recent.map((r) => ({ text: r, recent: true })) : suggestions.map((s) => ({ text: s.text, recent: false, suggestion: s }));
  const showing = open && options.length > 0;

  function search(q: string) {
    const trimmed = q.trim();
    if (trimmed !== "") setRecent(rememberSearch(trimmed));
    setDraft(trimmed);
    setOpen(false);
    setActive(-1);
    onSearch(trimmed);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    search(showing && active >= 0 && active < options.length ? options[active].text : draft);
  }

  function remove(text: string) {
    setRecent(forgetSearch(text));
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) setRecent(readRecent());
      setOpen(true);
      const n = options.length;
      if (n > 0) setActive((a) => (e.key === "ArrowDown" ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (e.key === "Escape") {
      if (showing) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (onEscape) onEscape();
    } else if (e.key === "Delete" && showing && active >= 0 && options[active]?.recent) {
      e.preventDefault();
      remove(options[active].text);
    }
  }

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <div className="relative">
        <div className="join w-full">
          <input
            ref={inputRef}
            type="search"
            name="q"
            role="combobox"
            aria-label={t("Search laptops")}
            aria-expanded={showing}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showing && active >= 0 ? `${listId}-${active}` : undefined}
            placeholder={t("Search laptops")}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_TEXT}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => {
              setRecent(readRecent());
              setOpen(true);
            }}
            onClick={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            className="input input-sm join-item w-full min-w-0 sm:input-md"
          />
          <button type="submit" className="btn btn-primary btn-sm join-item sm:btn-md" aria-label={t("Search")}>
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <circle cx="11" cy="11" r="7" />
              <path strokeLinecap="round" d="m20 20-3.5-3.5" />
            </svg>
          </button>
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={draft.trim() === "" ? t("Recent searches") : t("Suggestions")}
          hidden={!showing}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-box border border-base-300 bg-base-100 py-1 text-base-content shadow-lg"
        >
          {showing &&
            options.map((o, i) => (
              <li
                key={`${o.recent ? "r" : "s"}:${o.text}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // keep the focus in the box: a tap or click picks, it does not blur first
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => search(o.text)}
                onMouseMove={() => setActive(i)}
                className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 ${i === active ? "bg-base-200" : ""}`}
              >
                {o.recent && (
                  <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0 opacity-60" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <circle cx="12" cy="12" r="9" />
                    <path strokeLinecap="round" d="M12 7v5l3 2" />
                  </svg>
                )}
                <span className="min-w-0 flex-1 truncate">{o.text}</span>
                {o.suggestion && <span className="shrink-0 text-sm opacity-60">{formatNumber(o.suggestion.count, locale)}</span>}
                {o.recent && (
                  <button
                    type="button"
                    tabIndex={-1}
                    aria-label={t("Remove {q} from recent searches", { q: o.text })}
                    className="btn btn-square btn-ghost btn-sm -mr-2 h-11 w-11 shrink-0"
                    onClick={(e) => {
                      e.stopPropagation();
                      remove(o.text);
                    }}
                  >
                    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                    </svg>
                  </button>
                )}
              </li>
            ))}
        </ul>
      </div>
    </form>
  );
}
