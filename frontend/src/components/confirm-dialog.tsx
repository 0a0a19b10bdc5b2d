import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { ConfirmDialog as Dialog } from "@/components/confirm-dialog-box";

// The dialog itself is its own small chunk: the first page (a Report button
// on every card) must stay small. A page that may ask fetches it after its
// first paint, so the first question opens at once, as before.
let ConfirmDialog: typeof Dialog | null = null;
let loading: Promise<typeof Dialog> | null = null;
function loadDialog(): Promise<typeof Dialog> {
  loading ??= import("@/components/confirm-dialog-box").then(
    (m) => (ConfirmDialog = m.ConfirmDialog),
    (err: unknown) => {
      loading = null; // offline for a moment: the next question tries again
      throw err;
    },
  );
  return loading;
}

type Question = { message: string; detail?: string; confirmLabel?: string; danger?: boolean };

/**
 * useConfirm asks a question in a ConfirmDialog and resolves to the answer:
 *
 *   const [confirm, dialog] = useConfirm();
 *   if (await confirm({ message: "Are you sure Delete this Product", danger: true })) ...
 *
 * Render `dialog` once somewhere in the page.
 */
export function useConfirm(): [(q: Question) => Promise<boolean>, ReactNode] {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((yes: boolean) => void) | null>(null);

  useEffect(() => {
    loadDialog().catch(() => {});
  }, []);

  const answer = useCallback((yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setQuestion(null);
  }, []);

  const confirm = useCallback(async (q: Question) => {
    resolver.current?.(false);
    resolver.current = null;
    // almost always loaded already (see above); if it cannot load, the answer is no
    if (!ConfirmDialog && !(await loadDialog().catch(() => null))) return false;
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = ConfirmDialog && (
    <ConfirmDialog
      open={question !== null}
      message={question?.message ?? ""}
      detail={question?.detail}
      confirmLabel={question?.confirmLabel}
      danger={question?.danger}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return [confirm, dialog];
}
