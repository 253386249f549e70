import { ROLE_LABELS } from '@/lib/roles';
import { mayOpen, useRole } from '../access';

/** A screen the signed-in role may not use: said plainly, with the way to one it may. */
export default function NotAllowedScreen() {
  const role = useRole();
  const home = mayOpen(role, 'dashboard')
    ? { href: '/admin', label: 'Back to Dashboard' }
    : { href: '/admin/settings', label: 'Go to your settings' };
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Not allowed</h1>
      <p className="mt-2 text-slate-700">
        Your role ({ROLE_LABELS[role]}) does not include this page. An admin can change your role.
      </p>
      <a href={home.href} className="mt-6 inline-block font-semibold text-brand-700 underline">
        {home.label}
      </a>
    </section>
  );
}
