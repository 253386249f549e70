import { useStore } from '@nanostores/react';
import { Controller } from 'react-hook-form';
import {
  NOTIFICATION_LABELS,
  type NoticeSwitch,
  type NotificationSettings as Notifications,
  notificationSettingsSchema,
  type SettingsMeta,
} from '@/lib/schemas/settings';
import { SHIPMENT_STATUSES, STATUS_LABELS } from '@/lib/shipment-status';
import { saveNotificationSettings } from '../../api/settings';
import { buttonClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { Switch } from '../../components/Switch';
import { lastSaved, saveSection, useSchemaForm } from '../../forms';
import { $notificationSettings, showNotificationSettings } from '../../stores/settings';

const SWITCHES = Object.keys(NOTIFICATION_LABELS) as NoticeSwitch[];

/** Notifications > Email Notifications: which emails staff want, kept until a mail server can send them. */
export default function NotificationSettings() {
  return <Loaded state={useStore($notificationSettings)}>{(saved) => <NotificationForm saved={saved} />}</Loaded>;
}

/** The switches start from the saved values once; later answers change only "Last saved". */
function NotificationForm({ saved }: { saved: { data: Notifications; meta: SettingsMeta } }) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(notificationSettingsSchema, saved.data, { draft: 'notification-settings' });

  // The switches show no errors of their own: the toast says a failure.
  const submit = handleSubmit((values) =>
    saveSection(
      () => saveNotificationSettings(values),
      { reset, show: showNotificationSettings, setError },
      { saved: 'Notification preferences saved', failed: 'Failed to save the notification preferences' },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="email-notifications" className="flex flex-col gap-4">
      <div>
        <h2 id="email-notifications" className="text-lg font-semibold text-slate-900">
          Email Notifications
        </h2>
        <p className="text-sm text-slate-700">{lastSaved(saved.meta, 'Not saved yet: these are the defaults.')}</p>
      </div>
      <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        Every email is listed in the{' '}
        <a href="/admin/settings/outbox" className="font-semibold text-brand-700 underline">
          Outbox
        </a>{' '}
        with its state and any error. Without a mail server (SMTP_URL), emails are kept there instead of being sent.
      </p>
      <div className="divide-y divide-slate-200">
        {SWITCHES.map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Switch
                label={NOTIFICATION_LABELS[name].label}
                description={NOTIFICATION_LABELS[name].description}
                checked={field.value === true}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        ))}
      </div>
      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 font-medium text-slate-900">Statuses emailed to recipients</legend>
        <p className="text-sm text-slate-700">
          With Shipment Status Updates on, a shipment's recipient and the people who asked for alerts hear about these
          statuses; the company's notice covers every status.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SHIPMENT_STATUSES.map((status) => (
            <label key={status} className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
              <input type="checkbox" value={status} {...register('recipient_statuses')} className="size-4" />
              {STATUS_LABELS[status]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Saving...' : 'Save Preferences'}
        </button>
      </div>
    </form>
  );
}
