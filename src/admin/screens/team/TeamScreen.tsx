import { useStore } from '@nanostores/react';
import { Loaded } from '../../components/Loading';
import { $team } from '../../stores/team';
import { InvitationsList } from './InvitationsList';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import { TwoFactorPolicy } from './TwoFactorPolicy';

const panel = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';

/** The Team screen (admins): the accounts, pending invitations, inviting someone, and the two-factor rule. */
export default function TeamScreen() {
  const team = useStore($team);
  return (
    <section aria-labelledby="team-title" className="flex flex-col gap-6">
      <div>
        <h1 id="team-title" className="text-2xl font-bold text-slate-900">
          Team
        </h1>
        <p className="mt-1 text-slate-700">Who can sign in to the admin portal, and what each may do.</p>
      </div>
      <div className={panel}>
        <InviteForm />
      </div>
      <Loaded state={team}>
        {({ members, invitations }) => (
          <>
            <section aria-labelledby="members-title" className={panel}>
              <h2 id="members-title" className="mb-3 text-lg font-semibold text-slate-900">
                Members
              </h2>
              <MembersTable members={members} />
            </section>
            <section aria-labelledby="invitations-title" className={panel}>
              <h2 id="invitations-title" className="mb-3 text-lg font-semibold text-slate-900">
                Pending invitations
              </h2>
              <InvitationsList invitations={invitations} />
            </section>
          </>
        )}
      </Loaded>
      <div className={panel}>
        <TwoFactorPolicy />
      </div>
    </section>
  );
}
