import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDay } from '#components/format/date-time.ts';
import type { AdminUser } from '#contract/admin.ts';
import { toast } from '#lib/toasts.tsx';
import { useStartActing } from '../api/acting.ts';
import { useSendPasswordReset, useSetSuspended } from '../api/users.ts';
import { ActionProblem } from './action-problem.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

interface UsersTableProps {
  users: readonly AdminUser[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** Whether the caller may mail a password reset, suspend and reactivate (the server checks it again). */
  canManage: boolean;
}

function StatusText({ user }: { user: AdminUser }) {
  if (user.suspendedAt) {
    return (
      <span className="font-semibold text-red-700" title={user.suspensionReason ?? undefined}>
        Suspended {formatDay(user.suspendedAt)}
      </span>
    );
  }
  if (user.isAdmin) return <span className="font-semibold text-indigo-700">Administrator</span>;
  return <span>{user.emailConfirmed ? 'Active' : 'Email not confirmed'}</span>;
}

/** Users found, with a password reset and suspend / reactivate (behind a reason) for those who may. */
export function UsersTable({ users, loading, error, onRetry, canManage }: UsersTableProps) {
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [problem, setProblem] = useState<ReactNode>(null);
  const [actAs, setActAs] = useState<AdminUser | null>(null);
  const setSuspended = useSetSuspended();
  const startActing = useStartActing();
  const sendReset = useSendPasswordReset();
  const resetPassword = (user: AdminUser) => {
    sendReset
      .mutateAsync(user.id)
      .then((sent) => toast.success(`A password reset code was emailed to ${sent.to}.`))
      .catch((failure: unknown) => toast.error(serverMessage(failure)));
  };
  const suspending = target ? target.suspendedAt === null : true;

  const columns: Column<AdminUser>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (user) => (
        <Link to={`/admin/users?user=${user.id}`} className={`${linkClass} font-semibold`}>
          {user.name}
        </Link>
      ),
    },
    { id: 'email', header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
    { id: 'joined', header: 'Joined', cell: (user) => formatDay(user.createdAt) },
    { id: 'status', header: 'Status', cell: (user) => <StatusText user={user} /> },
  ];
  if (canManage) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (user) => (
        <div className="flex flex-wrap justify-end gap-2">
          {user.suspendedAt ? null : (
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              disabled={sendReset.isPending && sendReset.variables === user.id}
              onClick={() => resetPassword(user)}
            >
              Send password reset
              <span className="sr-only"> to {user.email}</span>
            </button>
          )}
          {user.isAdmin || user.suspendedAt ? null : (
            <button
              type="button"
              className={buttonClass('secondary', 'small')}
              onClick={() => {
                setProblem(null);
                setActAs(user);
              }}
            >
              Act as user
              <span className="sr-only"> {user.email}</span>
            </button>
          )}
          {user.isAdmin ? null : (
            <button
              type="button"
              className={buttonClass(user.suspendedAt ? 'secondary' : 'danger', 'small')}
              onClick={() => {
                setProblem(null);
                setTarget(user);
              }}
            >
              {user.suspendedAt ? 'Reactivate' : 'Suspend'}
              <span className="sr-only"> {user.email}</span>
            </button>
          )}
        </div>
      ),
    });
  }

  const confirm = (reason: string) => {
    if (!target) return;
    setSuspended
      .mutateAsync({ userId: target.id, suspend: suspending, reason })
      .then(() => {
        toast.success(suspending ? `${target.email} is suspended.` : `${target.email} is active again.`);
        setTarget(null);
      })
      .catch((failure: unknown) => setProblem(<ActionProblem failure={failure} />));
  };

  const act = (reason: string) => {
    if (!actAs) return;
    startActing
      .mutateAsync({ userId: actAs.id, reason })
      .catch((failure: unknown) => setProblem(<ActionProblem failure={failure} />));
  };

  return (
    <>
      <DataTable
        caption="Users"
        captionHidden
        columns={columns}
        rows={users}
        rowKey={(user) => user.id}
        loading={loading}
        error={error}
        onRetry={onRetry}
        empty="No users match this search."
      />
      <ReasonDialog
        open={target !== null}
        title={suspending ? `Suspend ${target?.email ?? ''}` : `Reactivate ${target?.email ?? ''}`}
        description={
          suspending
            ? 'They are signed out at once and cannot sign in until reactivated. The reason is recorded in the audit log.'
            : 'They can sign in again. The reason is recorded in the audit log.'
        }
        confirmLabel={suspending ? 'Suspend account' : 'Reactivate account'}
        busy={setSuspended.isPending}
        problem={problem}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
      <ReasonDialog
        open={actAs !== null}
        title={`Act as ${actAs?.email ?? ''}`}
        description="You see the app as they do, for up to 30 minutes, until you stop. You may edit their profile and bookmarks and reply on their cases; money, access and mail to others are refused. The reason and every change you make are recorded in the audit log."
        confirmLabel="Start acting"
        busy={startActing.isPending || startActing.isSuccess}
        problem={problem}
        onConfirm={act}
        onClose={() => setActAs(null)}
      />
    </>
  );
}
