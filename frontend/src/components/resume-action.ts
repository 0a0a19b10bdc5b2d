// useResumeAction: the page a visitor was sent to log in from finishes
// what they tapped there (lib/pending-action.ts keeps it meanwhile).
import { useEffect, useEffectEvent, useRef } from "react";
import { useLocation } from "react-router-dom";
import { useConfig } from "@/api/config";
import { EMAIL_UNVERIFIED_EVENT } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useT } from "@/lib/i18n";
import { needsVerifiedEmail, pathOf, peekAction, takeAction, type PendingAction } from "@/lib/pending-action";

/**
 * useResumeAction finishes, on the page it was started from, the action
 * a visitor was sent to log in for: once ready (the page's data is
 * there), the armed action of the signed-in user that accept takes is
 * removed and perform runs it. Booking and chatting wait for a proven
 * email where the shop sends mail: the banner says what waits, and it
 * runs here when the email is verified (in this tab or another).
 */
export function useResumeAction(ready: boolean, accept: (a: PendingAction) => boolean, perform: (a: PendingAction) => void): void {
  const { user } = useAuth();
  const location = useLocation();
  const { data: config } = useConfig();
  const t = useT();
  const path = pathOf(location);
  const told = useRef("");

  const userId = user?._id;
  const unverified = user?.emailVerified === false;
  const mailKnown = config !== undefined;
  const mailEnabled = config?.mailEnabled === true;
  // the latest accept and perform, without re-running the effect each render
  const resume = useEffectEvent((userId: string) => {
    const waiting = peekAction(path, userId, accept);
    if (!waiting) return;
    if (needsVerifiedEmail(waiting.action) && unverified) {
      if (!mailKnown) return; // the answer says whether the shop sends mail
      if (mailEnabled) {
        if (told.current !== path + waiting.action) {
          told.current = path + waiting.action;
          const text =
            waiting.action === "book"
              ? t("Verify your email to book this laptop: open the link we sent you. The booking opens here once it is verified.")
              : t("Verify your email to chat with the seller: open the link we sent you. The chat opens here once it is verified.");
          window.dispatchEvent(new CustomEvent<string>(EMAIL_UNVERIFIED_EVENT, { detail: text }));
        }
        return;
      }
    }
    const a = takeAction(path, userId, accept);
    if (a) perform(a);
  });
  useEffect(() => {
    if (userId && ready) resume(userId);
  }, [userId, ready, path, unverified, mailKnown, mailEnabled]);
}
