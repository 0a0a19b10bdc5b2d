import { useState, type FormEvent, type KeyboardEvent, type Ref } from "react";
import { MAX_TEXT } from "@/api/max-text";
import { useT } from "@/lib/i18n";

type SearchBoxProps = {
  /** The words searched for now (the URL's q); the box shows them. */
  value: string;
  onSearch: (q: string) => void;
  /** Escape pressed in the box. */
  onEscape?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

/** The laptop search form: one box and a search button. */
export function SearchBox({ value, onSearch, onEscape, inputRef, className = "" }: SearchBoxProps) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // Follow the URL (Back, a new search) without losing what is being typed otherwise.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    onSearch(draft.trim());
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "Escape" && onEscape) onEscape();
  }

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <div className="join w-full">
        <input
          ref={inputRef}
          type="search"
          name="q"
          aria-label={t("Search laptops")}
          placeholder={t("Search laptops")}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_TEXT}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
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
    </form>
  );
}
