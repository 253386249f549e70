import { z } from 'zod';
import { ADMINS } from '../roles';
import { auditSettingsSchema } from '../schemas/audit';
import {
  closedDayBookingsSchema,
  closedDaysSchema,
  companySettingsSchema,
  companySettingsValueSchema,
  notificationSettingsSchema,
  settingsMetaSchema,
} from '../schemas/settings';

import { defineEndpoint } from './contract';

const answer = <S extends z.ZodType>(data: S) =>
  z.object({ status: z.literal('success'), data, meta: settingsMetaSchema });

/** The closed days, with the pickups still booked on those to come: someone has to call those customers. */
const closedDaysAnswer = answer(closedDaysSchema).extend({ booked: closedDayBookingsSchema });

/**
 * Staff settings, one path per section (each a tab of the Settings screen): read it (the defaults
 * until first saved) and save it whole. Every save that changes something is an activity entry.
 */
export const settingsApi = {
  getCompany: defineEndpoint({
    method: 'GET',
    path: '/api/settings/company',
    summary: "The company's details as the back office uses them (waybills, emails); the site's own until saved.",
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: answer(companySettingsValueSchema),
  }),
  saveCompany: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/company',
    summary: "Save the company's details.",
    access: 'session',
    roles: ADMINS,
    body: companySettingsSchema,
    status: 200,
    response: answer(companySettingsValueSchema),
  }),
  getNotifications: defineEndpoint({
    method: 'GET',
    path: '/api/settings/notifications',
    summary: 'Which email notifications are on (the defaults until saved).',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: answer(notificationSettingsSchema),
  }),
  saveNotifications: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/notifications',
    summary: 'Save which email notifications are on.',
    access: 'session',
    roles: ADMINS,
    body: notificationSettingsSchema,
    status: 200,
    response: answer(notificationSettingsSchema),
  }),
  getClosedDays: defineEndpoint({
    method: 'GET',
    path: '/api/settings/closed-days',
    summary:
      'The days the company collects no pickups besides the weekend (none until saved), and those from today on where pickups booked before they were closed still are.',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: closedDaysAnswer,
  }),
  saveClosedDays: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/closed-days',
    summary:
      'Save the days the company collects no pickups (YYYY-MM-DD, at most 100): pickups cannot be booked or moved to them.',
    access: 'session',
    roles: ADMINS,
    body: closedDaysSchema,
    status: 200,
    response: closedDaysAnswer,
  }),
  getAudit: defineEndpoint({
    method: 'GET',
    path: '/api/settings/audit',
    summary: 'How many days the audit trail keeps its entries (365 until saved).',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: answer(auditSettingsSchema),
  }),
  saveAudit: defineEndpoint({
    method: 'PUT',
    path: '/api/settings/audit',
    summary:
      'Save how many days the audit trail keeps its entries (30 to 3650); older ones are deleted by the housekeeping.',
    access: 'session',
    roles: ADMINS,
    body: auditSettingsSchema,
    status: 200,
    response: answer(auditSettingsSchema),
  }),
};
