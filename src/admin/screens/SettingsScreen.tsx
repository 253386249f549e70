import { redirectPage } from '@nanostores/router';
import { Suspense } from 'react';
import { useRole } from '../access';
import { Loading } from '../components/Loading';
import { Tabs } from '../components/Tabs';
import { useSearchParams } from '../list-url';
import { $router } from '../router';
import { SETTINGS_TABS } from './settings/tabs';

export default function SettingsScreen() {
  const { tab } = useSearchParams();
  const role = useRole();
  const tabs = SETTINGS_TABS.filter((candidate) => candidate.roles.includes(role));
  const selected = Math.max(
    0,
    tabs.findIndex((candidate) => candidate.id === tab),
  );
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="text-2xl font-bold text-slate-900">
        Settings
      </h1>
      <p className="mt-1 text-slate-700">Manage your system settings and preferences</p>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <Tabs
          label="Settings"
          selected={selected}
          // The tab is kept in the URL without a history entry of its own.
          // biome-ignore lint/style/noNonNullAssertion: the tabs call onSelect with the index of one of the tabs shown
          onSelect={(index) => redirectPage($router, 'settings', {}, index ? { tab: tabs[index]!.id } : {})}
          tabs={tabs.map(({ title, panel: Panel }) => ({
            title,
            panel: (
              <Suspense fallback={<Loading />}>
                <Panel />
              </Suspense>
            ),
          }))}
        />
      </div>
    </section>
  );
}
