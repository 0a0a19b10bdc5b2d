import { useState } from "react";
import type { UserRecord } from "@/api/users";
import type { Column } from "@/components/data-list";
import { VerifiedBadge } from "@/components/product-parts";
import { RowAction, RowActions } from "@/components/row-action";
import { formatDateTime } from "@/lib/format";
import { useLanguage, type MessageKey, type Translate } from "@/lib/i18n";

/** What the list is busy with: one row's delete or verify, or nothing. */
export type UserRowBusy = { id: string; action: "delete" | "verify" | "unverify" | "suspend" } | null;

type UserColumnsProps = {
  /**
   * "status": index, Name, Email, Status (the role), Delete.
   * "verify": index, Name, Email, Verify, Delete (the sellers' table).
   */
  variant: "status" | "verify";
  /** The signed-in admin's id: their own row cannot be deleted. */
  currentUserId?: string;
  busy: UserRowBusy;
  onDelete: (user: UserRecord) => void;
  /** Suspends the account for a time, with a reason (#32); shown beside Delete. */
  onSuspend?: (user: UserRecord) => void;
  onVerify?: (user: UserRecord) => void;
  /** Takes a verified seller's badge away (the sellers' table). */
  onUnverify?: (user: UserRecord) => void;
};

const roleBadge: Record<UserRecord["role"], string> = {
  Admin: "badge-primary",
  Seller: "badge-secondary",
  Buyer: "badge-ghost",
};

/** Why a row's Delete is off, or null when it may be deleted. */
function deleteBlocked(user: UserRecord, currentUserId: string | undefined, t: Translate): string | null {
  if (user._id === currentUserId) return t("You cannot delete your own account");
  if (user.role === "Admin") return t("Admin accounts cannot be deleted here");
  return null;
}

/** A small round photo; the first letter of the name when there is none or it fails to load. */
function RowAvatar({ name, photo }: { name: string; photo: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const box = "h-9 w-9 shrink-0 rounded-full";
  if (!photo || failed) {
    return (
      <span className={`${box} flex items-center justify-center bg-secondary/15 font-semibold text-secondary`} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return <img src={photo} alt="" loading="lazy" onError={() => setFailed(true)} className={`${box} bg-base-200 object-cover ring-1 ring-base-300`} />;
}

/**
 * useUserColumns gives the admin's list of accounts its columns for
 * DataList (numbered): Name, Email, Status or Verify, and Delete with
 * Suspend beside it.
 */
export function useUserColumns({ variant, currentUserId, busy, onDelete, onSuspend, onVerify, onUnverify }: UserColumnsProps): Column<UserRecord>[] {
  const { t, locale } = useLanguage();
  const spinning = (u: UserRecord, action: NonNullable<UserRowBusy>["action"]) => busy?.id === u._id && busy.action === action;
  // a suspension shows while it runs; the list is fetched again after each action
  const [now] = useState(() => Date.now());
  return [
    {
      header: t("Name"),
      label: false,
      cell: (u) => (
        <>
          <div className="flex items-center gap-3">
            <RowAvatar key={u.userPhoto} name={u.userName} photo={u.userPhoto} />
            <span className="font-medium break-words">{u.userName}</span>
            {u._id === currentUserId && <span className="badge badge-ghost badge-sm whitespace-nowrap">{t("You")}</span>}
          </div>
          {u.suspendedUntil && Date.parse(u.suspendedUntil) > now && (
            <span className="badge badge-error badge-soft badge-sm mt-1 max-md:ms-12">
              {t("Suspended until {date}", { date: formatDateTime(u.suspendedUntil, locale) })}
            </span>
          )}
        </>
      ),
    },
    { header: t("Email"), className: "text-base-content/80 xl:whitespace-nowrap", cell: (u) => <span className="break-all">{u.email}</span> },
    {
      header: variant === "verify" ? t("Verify") : t("Status"),
      cell: (u) =>
        variant === "status" ? (
          <span className={`badge badge-soft ${roleBadge[u.role] ?? "badge-ghost"} font-semibold`}>{t(u.role as MessageKey)}</span>
        ) : u.verify === "verify" ? (
          <div className="flex flex-wrap items-center gap-2">
            <VerifiedBadge variant="table" />
            {onUnverify && (
              <RowAction
                text={t("Un-verify")}
                label={t("Un-verify {name}", { name: u.userName })}
                tone="outline"
                busy={spinning(u, "unverify")}
                disabled={busy !== null}
                onClick={() => onUnverify(u)}
              />
            )}
          </div>
        ) : (
          <RowAction
            text={t("Make Verify")}
            label={t("Make Verify {name}", { name: u.userName })}
            tone="primary"
            busy={spinning(u, "verify")}
            disabled={busy !== null}
            onClick={() => onVerify?.(u)}
          />
        ),
    },
    {
      header: t("Delete"),
      cell: (u) => {
        const blocked = deleteBlocked(u, currentUserId, t);
        const off = blocked !== null || busy !== null;
        const reason = blocked ?? undefined;
        return (
          <RowActions>
            {onSuspend && (
              <RowAction
                text={t("Suspend")}
                label={t("Suspend {name}", { name: u.userName })}
                tone="outline"
                busy={spinning(u, "suspend")}
                disabled={off}
                reason={reason}
                onClick={() => onSuspend(u)}
              />
            )}
            <RowAction
              text={t("Delete")}
              label={t("Delete {name}", { name: u.userName })}
              tone="delete"
              busy={spinning(u, "delete")}
              disabled={off}
              reason={reason}
              onClick={() => onDelete(u)}
            />
          </RowActions>
        );
      },
    },
  ];
}
