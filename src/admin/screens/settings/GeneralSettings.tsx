import { useStore } from '@nanostores/react';
import {
  COMPANY_FIELD_LABELS,
  type CompanySettingsValue,
  companySettingsSchema,
  type SettingsMeta,
} from '@/lib/schemas/settings';
import { saveCompanySettings } from '../../api/settings';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { lastSaved, messagesOf, saveSection, useSchemaForm } from '../../forms';
import { $companySettings, showCompanySettings } from '../../stores/settings';
import { AuditRetention } from './AuditRetention';
import { ClosedDaysForm } from './ClosedDays';

type Name = keyof CompanySettingsValue;

/** The General tab's fields in the order the form shows them, with what browsers may fill them from. */
const FIELDS: Array<{
  name: Name;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  wide?: boolean;
  hint?: string;
  list?: string;
}> = [
  { name: 'company_name', autoComplete: 'organization', required: true, wide: true },
  { name: 'website', type: 'url', autoComplete: 'url' },
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', type: 'tel', autoComplete: 'tel', required: true },
  { name: 'address', autoComplete: 'street-address', required: true, wide: true },
  { name: 'city', autoComplete: 'address-level2', required: true },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'postal_code', autoComplete: 'postal-code' },
  {
    name: 'time_zone',
    required: true,
    autoComplete: 'off',
    list: 'time-zones',
    hint: 'The company\'s day: "Delivered today", the daily summary\'s "yesterday" and date filters follow it. An IANA name such as America/Los_Angeles.',
  },
];

/** The zones the browser knows, offered as the Time Zone field is typed. */
const ZONES = Intl.supportedValuesOf('timeZone');

/** The saved values as the inputs show them (an empty optional field is empty text). */
const asForm = (value: CompanySettingsValue) => ({
  ...value,
  website: value.website ?? '',
  state: value.state ?? '',
  postal_code: value.postal_code ?? '',
});

function Saved({ meta }: { meta: SettingsMeta }) {
  return (
    <p className="text-sm text-slate-700">{lastSaved(meta, "Not saved yet: these are the website's own details.")}</p>
  );
}

/**
 * General > Company Information (how the back office names the company on everything it produces), the days it
 * collects no pickups, and the audit trail's retention.
 */
export default function GeneralSettings() {
  return (
    <div className="flex flex-col gap-8">
      <Loaded state={useStore($companySettings)}>{(saved) => <CompanyForm saved={saved} />}</Loaded>
      <div className="border-t border-slate-200 pt-6">
        <ClosedDaysForm />
      </div>
      <div className="border-t border-slate-200 pt-6">
        <AuditRetention />
      </div>
    </div>
  );
}

/** The form starts from the saved values once; later answers change only "Last saved". */
function CompanyForm({ saved }: { saved: { data: CompanySettingsValue; meta: SettingsMeta } }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(companySettingsSchema, asForm(saved.data), { draft: 'company-settings' });

  const submit = handleSubmit((values) =>
    saveSection(
      () => saveCompanySettings(values),
      {
        reset: (data) => reset(asForm(data)),
        show: showCompanySettings,
        setError,
        fields: FIELDS.map(({ name }) => name),
      },
      { saved: 'Company information saved', failed: 'Failed to save the company information' },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="company-information" className="flex flex-col gap-4">
      <div>
        <h2 id="company-information" className="text-lg font-semibold text-slate-900">
          Company Information
        </h2>
        <p className="text-sm text-slate-700">Printed on waybills and used in emails the back office sends.</p>
        <Saved meta={saved.meta} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, type = 'text', autoComplete, required, wide, hint, list }) => (
          <Field
            key={name}
            label={`${COMPANY_FIELD_LABELS[name]}${required ? ' (required)' : ''}`}
            {...(hint ? { hint } : {})}
            errors={messagesOf(errors, name)}
            className={wide ? 'sm:col-span-2' : ''}
          >
            {(props) => (
              <input
                {...props}
                {...register(name)}
                type={type}
                autoComplete={autoComplete}
                list={list}
                className={inputClass}
              />
            )}
          </Field>
        ))}
      </div>
      <datalist id="time-zones">
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
