/**
 * Tables that would grow forever (sessions, login attempts, challenges, known addresses, rate-limit
 * windows) are purged on write: each write that touches one also deletes at most this many of its
 * expired rows, so a purge never makes one request slow and the tables stay bounded by their traffic.
 */
export const PURGE_BATCH = 100;
