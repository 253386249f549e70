import { PasswordSection } from './security/PasswordSection';
import { SessionsSection } from './security/SessionsSection';
import { TwoFactorSection } from './security/TwoFactorSection';

/**
 * Settings > Security: the signed-in staff member's own sign-in (two-factor sign-in, password,
 * sessions). A standalone tab panel: the Settings screen renders it (its default export, for a lazy tab).
 */
export default function SecurityTab() {
  return (
    <div className="flex flex-col gap-6">
      <TwoFactorSection />
      <PasswordSection />
      <SessionsSection />
    </div>
  );
}
