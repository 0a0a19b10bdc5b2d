import { useState } from "react";
import { toast } from "react-toastify";
import {
  useDeleteUser,
  useSuspendUser,
  useUnverifySeller,
  useUsers,
  useVerifySeller,
  type ListedRole,
  type SuspensionDays,
  type UserRecord,
} from "@/api/users";
import { useConfirm } from "@/components/confirm-dialog";
import { DataList, EmptyState, ListPage } from "@/components/data-list";
import { DeleteUserDialog, SuspendUserDialog } from "@/components/moderation-dialogs";
import { PageSpinner } from "@/components/page-spinner";
import { useUserColumns, type UserRowBusy } from "@/components/user-table";
import { useAuth } from "@/lib/auth";
import { useT, type MessageKey } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

type UserListPageProps = {
  /** Only this role's accounts; all accounts when absent. */
  role?: ListedRole;
  /** The heading, word for word from the spec. */
  title: MessageKey;
  /** One line under the heading. */
  description: MessageKey;
  /** The spec's empty-list text, e.g. "No Buyer". */
  empty: MessageKey;
  /** Said under the empty-list text. */
  emptyDetail: MessageKey;
  /** The count under the heading, one and many: "{n} buyer", "{n} buyers". */
  count: [MessageKey, MessageKey];
};

function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * UserListPage is All Users, All Buyer and All Seller (admin): a table of
 * accounts with Delete, and for sellers the Verify column.
 */
export function UserListPage({ role, title, description, empty, emptyDetail, count }: UserListPageProps) {
  const t = useT();
  usePageTitle(t(title));
  const { user: me } = useAuth();
  const list = useUsers(role);
  const users = list.data;
  const remove = useDeleteUser();
  const verify = useVerifySeller();
  const unverify = useUnverifySeller();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState<UserRowBusy>(null);
  const titleId = `users-${role ?? "all"}-title`;

  const suspend = useSuspendUser();
  const [acting, setActing] = useState<{ kind: "delete" | "suspend"; user: UserRecord } | null>(null);

  /** The delete dialog's action: the spec's question and a reason (#32); a refusal keeps the dialog open. */
  async function onDelete(u: UserRecord, reason: string) {
    setBusy({ id: u._id, action: "delete" });
    try {
      await remove.trigger({ id: u._id, reason });
      setActing(null);
      toast.success(t("Delete Success"));
    } catch (err) {
      toast.error(errorText(err, t("Could not delete this user")));
      throw err;
    } finally {
      setBusy(null);
    }
  }

  async function onSuspend(u: UserRecord, reason: string, days: SuspensionDays) {
    setBusy({ id: u._id, action: "suspend" });
    try {
      await suspend.trigger({ id: u._id, reason, days });
      setActing(null);
      toast.success(t("{name} is suspended", { name: u.userName }));
    } catch (err) {
      toast.error(errorText(err, t("Could not suspend this account")));
      throw err;
    } finally {
      setBusy(null);
    }
  }

  async function onVerify(u: UserRecord) {
    const yes = await confirm({
      message: t("Are you sure Verify this user"),
      detail: t("{name}'s listings will show the verified badge.", { name: u.userName }),
      confirmLabel: t("Verify"),
    });
    if (!yes) return;
    setBusy({ id: u._id, action: "verify" });
    try {
      await verify.trigger(u.email);
      toast.success(t("Seller Update success"));
    } catch (err) {
      toast.error(errorText(err, t("Could not verify this seller")));
    } finally {
      setBusy(null);
    }
  }

  async function onUnverify(u: UserRecord) {
    const yes = await confirm({
      message: t("Take {name}'s verification away?", { name: u.userName }),
      detail: t("Their listings lose the verified badge at once. The audit log records it; you can verify them again later."),
      confirmLabel: t("Un-verify"),
      danger: true,
    });
    if (!yes) return;
    setBusy({ id: u._id, action: "unverify" });
    try {
      await unverify.trigger(u.email);
      toast.success(t("{name} is no longer verified", { name: u.userName }));
    } catch (err) {
      toast.error(errorText(err, t("Could not un-verify this seller")));
    } finally {
      setBusy(null);
    }
  }

  const columns = useUserColumns({
    variant: role === "Seller" ? "verify" : "status",
    currentUserId: me?._id,
    busy,
    onDelete: (user) => setActing({ kind: "delete", user }),
    onSuspend: (user) => setActing({ kind: "suspend", user }),
    onVerify: (u) => void onVerify(u),
    onUnverify: role === "Seller" ? (u) => void onUnverify(u) : undefined,
  });
  if (!users && !list.error) return <PageSpinner />;

  return (
    <ListPage
      titleId={titleId}
      title={t(title)}
      intro={<p className="mt-1 text-base-content/70">{t(description)}</p>}
      aside={
        users &&
        users.length > 0 && (
          <span className="badge badge-soft badge-primary font-semibold">{t(users.length === 1 ? count[0] : count[1], { n: users.length })}</span>
        )
      }
    >
      <DataList
        list={list}
        rowKey={(u) => u._id}
        numbered
        columns={columns}
        loadError={
          <div>
            <p>{t("We couldn't load the accounts. Please refresh the page in a moment.")}</p>
            {list.error?.message && <p className="text-sm opacity-80">{list.error.message}</p>}
          </div>
        }
        empty={<EmptyState title={t(empty)}>{t(emptyDetail)}</EmptyState>}
      />
      {confirmDialog}
      {acting?.kind === "delete" && (
        <DeleteUserDialog
          name={acting.user.userName}
          email={acting.user.email}
          onClose={() => setActing(null)}
          onDelete={(reason) => onDelete(acting.user, reason)}
        />
      )}
      {acting?.kind === "suspend" && (
        <SuspendUserDialog name={acting.user.userName} onClose={() => setActing(null)} onSuspend={(reason, days) => onSuspend(acting.user, reason, days)} />
      )}
    </ListPage>
  );
}

/** /dashboard/allusers (admin): every account with its role. */
export default function AllUsers() {
  return (
    <UserListPage
      title="All Users"
      description="Every account on Resale with its role. Remove accounts that break the rules."
      empty="No User"
      emptyDetail="Accounts appear here as people sign up."
      count={["{n} user", "{n} users"]}
    />
  );
}
