import { PICKUP_DAYS_AHEAD, PICKUP_DAYS_TEXT, PICKUP_NOTICE_HOURS } from '@/lib/pickup-hours';

/** The pickup pages' words: the form's page and the emailed link's page. */
export const pickupPage = {
  title: 'Schedule a pickup',
  description: `Book a driver to collect your parcels, ${PICKUP_DAYS_TEXT}, in a three-hour window of your choice.`,
  lead: `A driver collects your parcels at your door, ${PICKUP_DAYS_TEXT}, in the time window you choose.`,
  points: [
    `Book up to ${PICKUP_DAYS_AHEAD} days ahead, and until ${PICKUP_NOTICE_HOURS} hours before the window starts for today.`,
    'Have your parcels packed; the driver brings the labels and gives you the tracking number.',
    `Your confirmation email has a link to move or cancel the pickup until ${PICKUP_NOTICE_HOURS} hours before its window.`,
  ],
} as const;

export const pickupManagePage = {
  title: 'Your pickup',
  description: 'Move your pickup to another day or window, or cancel it.',
} as const;
