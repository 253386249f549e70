import { z } from 'zod';
import { isTimeZone } from '../company-day';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../shipment-status';
import { blankToUndefined, optionalText, requiredEmail, requiredPhone, requiredText } from './fields';
import { calendarDate } from './shipment/dates';
import { noControlCharacters } from './text';

// The settings the back office keeps, one schema per section (one tab of the Settings screen each).
// Shared by the admin forms and the functions.

/** Optional fields are stored as null when left empty. */
const orNull = <S extends z.ZodType>(schema: S) => schema.transform((value) => value ?? null);

const WEBSITE_MESSAGE = 'Must be a web address such as https://www.example.com';

/** A web address; "www.example.com" is read as https://www.example.com. */
const website = z.preprocess(
  (value) => {
    const given = blankToUndefined(value);
    if (typeof given !== 'string') return given;
    const trimmed = given.trim();
    return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  },
  z
    .string()
    .check(noControlCharacters())
    .pipe(
      z
        .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEBSITE_MESSAGE })
        .max(300, 'Must be at most 300 characters'),
    )
    .nullable()
    .optional(),
);

/** General > Company Information: the company as everything the back office produces names it. */
export const companySettingsSchema = z.object({
  company_name: requiredText(200, 'Company name'),
  website: orNull(website),
  email: requiredEmail('Email'),
  phone: requiredPhone('Phone'),
  address: requiredText(300, 'Address'),
  city: requiredText(100, 'City'),
  state: orNull(optionalText(100)),
  postal_code: orNull(
    z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Must be text' })
        .trim()
        .check(noControlCharacters())
        .max(20, 'Must be at most 20 characters')
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Must be letters, digits, spaces or hyphens')
        .nullable()
        .optional(),
    ),
  ),
  time_zone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .check(noControlCharacters())
    .min(1, 'Time zone is required')
    .max(64, 'Must be at most 64 characters')
    .refine(isTimeZone, 'Must be a time zone such as America/Los_Angeles or Europe/London'),
});

/** The company settings as stored and answered: optional fields are null when empty. */
export const companySettingsValueSchema = z.object({
  company_name: z.string(),
  website: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** The IANA zone of the company's day: "today", "yesterday" and date filters. */
  time_zone: z.string(),
});
export type CompanySettingsValue = z.infer<typeof companySettingsValueSchema>;

/** The labels of the General tab's fields (the form and the activity log use them). */
export const COMPANY_FIELD_LABELS: Record<keyof CompanySettingsValue, string> = {
  company_name: 'Company Name',
  website: 'Website',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State/Province',
  postal_code: 'Zip/Postal Code',
  time_zone: 'Time Zone',
};

/** How many closed days the company keeps at most (a few years of public holidays). */
const CLOSED_DAYS_MAX = 100;

/**
 * General > Closed days: days the company collects no pickups (public holidays, closures), in its calendar,
 * besides the weekend. Kept sorted, each once.
 */
export const closedDaysSchema = z.object({
  days: z
    .array(calendarDate, { error: 'Must be a list of dates' })
    .max(CLOSED_DAYS_MAX, `Must be at most ${CLOSED_DAYS_MAX} days: remove past ones first`)
    .overwrite((days) => [...new Set(days)].sort()),
});
export type ClosedDays = z.infer<typeof closedDaysSchema>;

/** The closed days from today on where pickups are still booked (booked before the day was closed), with how many. */
export const closedDayBookingsSchema = z.array(z.object({ date: z.string(), pickups: z.number().int() }));
export type ClosedDayBookings = z.infer<typeof closedDayBookingsSchema>;

/** The statuses a recipient hears about until staff choose: every one, as before the choice existed. */
const RECIPIENT_STATUSES: readonly ShipmentStatus[] = SHIPMENT_STATUSES;

/** Notifications > Email Notifications: which emails staff want (sent once a mail server is configured). */
export const notificationSettingsSchema = z.object({
  new_shipment: z.boolean({ error: 'Must be true or false' }),
  status_updates: z.boolean({ error: 'Must be true or false' }),
  new_customer: z.boolean({ error: 'Must be true or false' }),
  daily_summary: z.boolean({ error: 'Must be true or false' }),
  new_quote_request: z.boolean({ error: 'Must be true or false' }),
  /** Which statuses mail the shipment's recipient and its alert subscribers (staff's notice follows its switch). */
  recipient_statuses: z
    .array(z.enum(SHIPMENT_STATUSES, { error: `Must be one of ${SHIPMENT_STATUSES.join(', ')}` }), {
      error: 'Must be a list of statuses',
    })
    .overwrite((chosen) => SHIPMENT_STATUSES.filter((status) => chosen.includes(status)))
    .default(() => [...RECIPIENT_STATUSES]),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** The on/off switches of Notifications (each one kind of email). */
export type NoticeSwitch = Exclude<keyof NotificationSettings, 'recipient_statuses'>;

/** The switches until Settings > Notifications is first saved: every email but the new-customer one. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  new_shipment: true,
  status_updates: true,
  new_customer: false,
  daily_summary: true,
  new_quote_request: true,
  recipient_statuses: [...RECIPIENT_STATUSES],
};

export const NOTIFICATION_LABELS: Record<NoticeSwitch, { label: string; description: string }> = {
  new_shipment: { label: 'New Shipment Created', description: 'An email when a shipment is created.' },
  status_updates: {
    label: 'Shipment Status Updates',
    description: 'An email when a shipment changes status.',
  },
  new_customer: { label: 'New Customer Registration', description: 'An email when a customer is added.' },
  daily_summary: {
    label: 'Daily Summary Report',
    description: "Each morning: the previous day's shipments and what is on hold.",
  },
  new_quote_request: {
    label: 'New Quote Request',
    description: "An email when someone asks for a quote on the website's form.",
  },
};

/** When a section was last saved, and by whom (null until it first is: the values are then the defaults). */
export const settingsMetaSchema = z.object({
  updated_at: z.iso.datetime().nullable(),
  updated_by: z.string().nullable(),
});
export type SettingsMeta = z.infer<typeof settingsMetaSchema>;
