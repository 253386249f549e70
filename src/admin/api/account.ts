import { accountApi } from '@/lib/api/account';
import type { BodyInput } from '@/lib/api/contract';
import { callApi } from './client';

// The signed-in staff member's own sign-in settings: Settings > Security.

/** A new secret with its QR code (drawn by the server); nothing changes until `enableTwoFactor`. */
export const startTwoFactorSetup = () => callApi(accountApi.twoFactorSetup, { body: {} });

/** Turns two-factor sign-in on; the answer carries the ten recovery codes, this once. */
export const enableTwoFactor = (body: BodyInput<typeof accountApi.twoFactorEnable>) =>
  callApi(accountApi.twoFactorEnable, { body });

export const disableTwoFactor = (body: BodyInput<typeof accountApi.twoFactorDisable>) =>
  callApi(accountApi.twoFactorDisable, { body });

/** Changes the password; every other session of this user ends. */
export const changePassword = (body: BodyInput<typeof accountApi.changePassword>) =>
  callApi(accountApi.changePassword, { body });

export const endSession = (sessionId: string) => callApi(accountApi.endSession, { params: { sessionId }, body: {} });

export const endOtherSessions = () => callApi(accountApi.endOtherSessions, { body: {} });
