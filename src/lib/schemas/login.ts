import { z } from 'zod';

/** `POST /api/admin/login`. The email is a credential here, so its format is not checked beyond its length. */
export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Must be at most 254 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Must be at most 1024 characters'),
  remember: z.boolean({ error: 'Must be true or false' }).optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in staff member, as the session and login calls answer it. */
export const adminUserSchema = z.object({ email: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;
