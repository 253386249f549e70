import { useStore } from '@nanostores/react';
import { Controller } from 'react-hook-form';
import { ROLE_LABELS, ROLES } from '@/lib/roles';
import type { SettingsMeta } from '@/lib/schemas/settings';
import { type TwoFactorPolicy as Policy, twoFactorPolicySchema } from '@/lib/schemas/team';
import { saveTwoFactorPolicy } from '../../api/team';
import { buttonClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { Switch } from '../../components/Switch';
import { lastSaved, saveSection, useSchemaForm } from '../../forms';
import { $twoFactorPolicy, showTwoFactorPolicy } from '../../stores/team';

/** Which roles must sign in with a second factor: members of such a role without one can only set it up. */
export function TwoFactorPolicy() {
  return <Loaded state={useStore($twoFactorPolicy)}>{(saved) => <PolicyForm saved={saved} />}</Loaded>;
}

function PolicyForm({ saved }: { saved: { data: Policy; meta: SettingsMeta } }) {
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(twoFactorPolicySchema, saved.data);
  const submit = handleSubmit((values) =>
    saveSection(
      () => saveTwoFactorPolicy(values),
      { reset, show: showTwoFactorPolicy, setError },
      { saved: 'Two-factor sign-in rule saved', failed: 'Failed to save the two-factor sign-in rule' },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby="two-factor-rule" className="flex flex-col gap-3">
      <div>
        <h2 id="two-factor-rule" className="text-lg font-semibold text-slate-900">
          Require two-factor sign-in
        </h2>
        <p className="text-sm text-slate-700">
          A member of a chosen role who has not turned it on can sign in, but only to set it up in Settings &gt;
          Security.
          {saved.meta.updated_at ? ` ${lastSaved(saved.meta, '')}` : ''}
        </p>
      </div>
      <div className="divide-y divide-slate-200">
        {ROLES.map((role) => (
          <Controller
            key={role}
            control={control}
            name={role}
            render={({ field }) => (
              <Switch
                label={ROLE_LABELS[role]}
                description={`Every ${ROLE_LABELS[role].toLowerCase()} must use two-factor sign-in`}
                checked={field.value === true}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        ))}
      </div>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Saving...' : 'Save rule'}
        </button>
      </div>
    </form>
  );
}
