import { randomBytes } from 'node:crypto';
import { hashToken } from './tokens';

/** Two-factor recovery codes: ten letters and digits people cannot misread, each usable once. */

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 10;

/** What is stored of a code: its hash, salted with its owner. */
export function recoveryCodeHash(userId: number, code: string): string {
  return hashToken(`${userId}:${code}`);
}

export function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH);
  // 256 is a multiple of 32: every character is equally likely.
  return Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
}

/** Whether a normalized code (no dash or spaces, upper case) could be a recovery code at all. */
export const isRecoveryCode = (code: string) =>
  code.length === RECOVERY_LENGTH && [...code].every((character) => RECOVERY_ALPHABET.includes(character));

/** As shown to people: two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
