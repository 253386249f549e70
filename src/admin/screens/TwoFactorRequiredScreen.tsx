import { ROLE_LABELS } from '@/lib/roles';
import { useRole } from '../access';

/** A member of a role that must use two-factor sign-in, without it yet: what to do, and where. */
export default function TwoFactorRequiredScreen() {
  const role = useRole();
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="two-factor-required-title">
      <h1 id="two-factor-required-title" className="text-2xl font-bold text-slate-900">
        Turn on two-factor sign-in first
      </h1>
      <p className="mt-2 text-slate-700">
        An admin requires two-factor sign-in for your role ({ROLE_LABELS[role]}). Until you turn it on, the rest of the
        admin portal stays closed to you. It takes a minute with an authenticator app on your phone.
      </p>
      <a
        href="/admin/settings?tab=security"
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Set up two-factor sign-in
      </a>
    </section>
  );
}
