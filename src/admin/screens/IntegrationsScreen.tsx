import IntegrationsTab from './settings/IntegrationsTab';

/**
 * Settings > Integrations on its own address, until the Settings screen (issue 9) shows the same
 * panel as one of its tabs.
 */
export default function IntegrationsScreen() {
  return (
    <section aria-labelledby="integrations-title" className="flex flex-col gap-4">
      <div>
        <h1 id="integrations-title" className="text-2xl font-bold text-slate-900">
          Integrations
        </h1>
        <p className="mt-1 text-sm text-slate-700">Connect devices and other services to the back office.</p>
      </div>
      <IntegrationsTab />
    </section>
  );
}
