import { z } from 'zod';
import {
  alertConfirmationSchema,
  alertSubscribeSchema,
  mailTokenSchema,
  subscriptionTopicSchema,
} from '../schemas/alerts';
import { defineEndpoint } from './contract';
import { ALERT_LINK_PATHS, ALERTS_SUBSCRIBE_PATH } from './paths';

const tokenQuery = z.object({ token: mailTokenSchema });
const topicAnswer = z.object({ status: z.literal('success'), data: subscriptionTopicSchema });

/** Status emails a visitor asks for on the public tracking page: double opt-in, one-click unsubscribe. */
export const alertsApi = {
  subscribe: defineEndpoint({
    method: 'POST',
    path: ALERTS_SUBSCRIBE_PATH,
    summary:
      'Ask for an email at each status change of a shipment. A confirmation email is sent first; nothing else is sent until its link is followed. The answer is the same whether or not the address was already subscribed. Limited per client address and per email address.',
    access: 'public',
    body: alertSubscribeSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), message: z.string() }),
    errors: [403, 404, 429],
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: ALERT_LINK_PATHS.confirm,
    summary:
      "Confirm an opt-in with the token of its confirmation email's link: 404 for a link that never was, 410 for one that expired (7 days after the request) or whose emails were stopped since; a link followed again answers `already_confirmed`.",
    access: 'public',
    query: tokenQuery,
    status: 200,
    response: z.object({ status: z.literal('success'), data: alertConfirmationSchema }),
    errors: [404, 410, 429],
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: ALERT_LINK_PATHS.unsubscribe,
    summary:
      "Stop the emails an email's token is about. The List-Unsubscribe one-click target (RFC 8058): any body is accepted (mail clients send `List-Unsubscribe=One-Click` as a form), no cookie or origin needed.",
    access: 'public',
    query: tokenQuery,
    status: 200,
    response: topicAnswer,
    errors: [404, 429],
    crossSite: true,
  }),
};
