import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/date-display';
import { ROLE_LABELS } from '@/lib/roles';
import type { Invitation } from '@/lib/schemas/team';
import { resendInvitation, revokeInvitation } from '../../api/team';
import { ConfirmDialog } from '../../components/Dialog';
import { secondaryButtonClass } from '../../components/Field';
import { ColumnHeads, ScrollingTable } from '../../components/ListParts';
import { own, toastFailure } from '../../forms';

/** Pending invitations: who, as what, by whom, until when; Resend (a new link, 72 hours) and Revoke. */
export function InvitationsList({ invitations }: { invitations: Invitation[] }) {
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);

  if (invitations.length === 0) return <p className="text-sm text-slate-700">No invitations waiting.</p>;

  const resend = async (invitation: Invitation) => {
    try {
      await resendInvitation(invitation.id);
      toast.success(`A new link was sent to ${invitation.email}; the old one no longer works.`);
    } catch (error) {
      toastFailure(error, 'Could not resend the invitation.', own);
    }
  };
  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeInvitation(revoking.id);
      toast.success(`Invitation to ${revoking.email} withdrawn.`);
      setRevoking(null);
    } catch (error) {
      toastFailure(error, 'Could not revoke the invitation.', own);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScrollingTable label="Invitations waiting" caption="Invitations waiting to be accepted">
        <ColumnHeads compact columns={['Email', 'Role', 'Invited by', 'Expires', { label: 'Actions', hidden: true }]} />
        <tbody className="divide-y divide-slate-200">
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td className="px-3 py-2 font-medium text-slate-900">{invitation.email}</td>
              <td className="px-3 py-2 text-slate-800">{ROLE_LABELS[invitation.role]}</td>
              <td className="px-3 py-2 text-slate-700">{invitation.invited_by_email}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                {invitation.expired ? (
                  <span className="font-semibold text-red-700">Expired {formatDateTime(invitation.expires_at)}</span>
                ) : (
                  formatDateTime(invitation.expires_at)
                )}
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                <div className="flex gap-2">
                  <button type="button" className={secondaryButtonClass} onClick={() => void resend(invitation)}>
                    Resend<span className="sr-only"> the invitation to {invitation.email}</span>
                  </button>
                  <button
                    type="button"
                    className="rounded px-2 py-1 font-semibold text-red-700 hover:underline"
                    onClick={() => setRevoking(invitation)}
                  >
                    Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke invitation"
        onClose={() => setRevoking(null)}
        busy={busy}
        label="Revoke invitation"
        busyLabel="Revoking..."
        onConfirm={() => void revoke()}
      >
        Withdraw the invitation to {revoking?.email}? Its link stops working at once. You can invite them again later.
      </ConfirmDialog>
    </>
  );
}
