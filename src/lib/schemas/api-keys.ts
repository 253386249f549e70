import { z } from 'zod';
import { text } from './text';

// Device API keys of Settings > Integrations: shared by the admin form and the functions.

export const apiKeyCreateSchema = z.object({
  name: text(100, { error: (issue) => (issue.input === undefined ? 'Name is required' : 'Must be text') }).min(
    1,
    'Name is required',
  ),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

/** A key as staff see it: never its secret, only the prefix that identifies it. */
export const apiKeyInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_by_email: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

/** The id in `/api/api-keys/{keyId}/revoke`. */
