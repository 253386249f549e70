import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/date-display';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/roles';
import { STAFF_STATUS_LABELS, type StaffMember } from '@/lib/schemas/team';
import { changeMember } from '../../api/team';
import { ConfirmDialog } from '../../components/Dialog';
import { ColumnHeads, ScrollingTable } from '../../components/ListParts';
import { own, toastFailure } from '../../forms';

const nameOf = (member: StaffMember) => member.name ?? member.email;

/**
 * The accounts: role (a select that saves at once), two-factor sign-in, last sign-in (their newest
 * sign-in in the activity log), status, and deactivate or reactivate. The server keeps one active admin.
 */
export function MembersTable({ members }: { members: StaffMember[] }) {
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState(false);

  const setRole = async (member: StaffMember, role: Role) => {
    try {
      await changeMember(member.id, { role });
      toast.success(`${nameOf(member)} is now ${ROLE_LABELS[role].toLowerCase()}.`);
    } catch (error) {
      toastFailure(error, 'Could not change the role.', own);
    }
  };
  const setStatus = async (member: StaffMember, status: StaffMember['status']) => {
    setBusy(true);
    try {
      await changeMember(member.id, { status });
      toast.success(`${nameOf(member)} ${status === 'active' ? 'reactivated' : 'deactivated'}.`);
      setDeactivating(null);
    } catch (error) {
      toastFailure(error, 'Could not change the account.', own);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScrollingTable label="Staff accounts" caption="Staff accounts">
        <ColumnHeads
          compact
          columns={['Name', 'Role', 'Two-factor', 'Last sign-in', 'Status', { label: 'Actions', hidden: true }]}
        />
        <tbody className="divide-y divide-slate-200">
          {members.map((member) => (
            <tr key={member.id}>
              <td className="px-3 py-2">
                <div className="font-medium text-slate-900">{nameOf(member)}</div>
                {member.name ? <div className="text-xs text-slate-700">{member.email}</div> : null}
              </td>
              <td className="px-3 py-2">
                <select
                  aria-label={`Role of ${nameOf(member)}`}
                  value={member.role}
                  onChange={(event) => void setRole(member, event.target.value as Role)}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-3 py-2 text-slate-800">{member.two_factor ? 'On' : 'Off'}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                {member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : 'Never'}
              </td>
              <td className="px-3 py-2">
                <span
                  className={
                    member.status === 'active' ? 'font-semibold text-green-800' : 'font-semibold text-slate-700'
                  }
                >
                  {STAFF_STATUS_LABELS[member.status]}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                {member.status === 'active' ? (
                  <button
                    type="button"
                    className="rounded px-2 py-1 font-semibold text-red-700 hover:underline"
                    onClick={() => setDeactivating(member)}
                  >
                    Deactivate<span className="sr-only"> {nameOf(member)}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="rounded px-2 py-1 font-semibold text-brand-700 hover:underline"
                    onClick={() => void setStatus(member, 'active')}
                  >
                    Reactivate<span className="sr-only"> {nameOf(member)}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate account"
        onClose={() => setDeactivating(null)}
        busy={busy}
        label="Deactivate"
        busyLabel="Deactivating..."
        onConfirm={() => deactivating && void setStatus(deactivating, 'deactivated')}
      >
        Deactivate {deactivating ? nameOf(deactivating) : ''}? They are signed out everywhere at once and cannot sign in
        until an admin reactivates the account. Their history stays.
      </ConfirmDialog>
    </>
  );
}
