import { useStore } from '@nanostores/react';
import { type AuditSettings, auditSettingsSchema, RETENTION_DAYS } from '@/lib/schemas/audit';
import type { SettingsMeta } from '@/lib/schemas/settings';
import { saveAuditSettings } from '../../api/settings';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { lastSaved, messagesOf, saveSection, useSchemaForm } from '../../forms';
import { $auditSettings, showAuditSettings } from '../../stores/settings';

/** General > Audit trail: how many days the trail keeps its entries before the housekeeping deletes them. */
export function AuditRetention() {
  return <Loaded state={useStore($auditSettings)}>{(saved) => <RetentionForm saved={saved} />}</Loaded>;
}

function RetentionForm({ saved }: { saved: { data: AuditSettings; meta: SettingsMeta } }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(auditSettingsSchema, saved.data);

  const submit = handleSubmit((values) =>
    saveSection(
      () => saveAuditSettings(values),
      { reset, show: showAuditSettings, setError, fields: ['retention_days'] },
      { saved: 'Audit trail retention saved', failed: 'Failed to save the audit trail retention' },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="audit-retention" className="flex flex-col gap-4">
      <div>
        <h2 id="audit-retention" className="text-lg font-semibold text-slate-900">
          Audit trail
        </h2>
        <p className="text-sm text-slate-700">
          Entries older than this are deleted.{' '}
          <a href="/admin/audit" className="font-semibold text-brand-700 underline">
            Open the audit trail
          </a>
        </p>
        <p className="text-sm text-slate-700">
          {lastSaved(saved.meta, `Not saved yet: entries are kept ${RETENTION_DAYS.default} days.`)}
        </p>
      </div>
      <Field
        label="Keep entries for (days, required)"
        hint={`From ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max} days.`}
        errors={messagesOf(errors, 'retention_days')}
        className="max-w-xs"
      >
        {(props) => (
          <input
            {...props}
            {...register('retention_days', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={RETENTION_DAYS.min}
            max={RETENTION_DAYS.max}
            step={1}
            className={inputClass}
          />
        )}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Saving...' : 'Save Retention'}
        </button>
      </div>
    </form>
  );
}
