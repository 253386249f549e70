import { authApi } from '@/lib/api/auth';
import type { BodyInput } from '@/lib/api/contract';
import { type CallOptions, callApi } from './client';

/** Who is signed in with this browser's session. */
export const getSession = (options?: CallOptions) => callApi(authApi.session, {}, options);

/** Signs in; a 401 means wrong credentials here, not an ended session. */
export const login = (body: BodyInput<typeof authApi.login>) => callApi(authApi.login, { body }, { on401: 'none' });

/** Ends this browser's session (it needs a JSON body to pass the cross-site check). */
export const logout = () => callApi(authApi.logout, { body: {} }, { on401: 'none' });
