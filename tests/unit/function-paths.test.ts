import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/lib/api/endpoints';

// Netlify reads a function's `config` by static analysis of its source: a `path` written as a
// variable (e.g. `endpoint.path`) is silently ignored, and the served function answers only at
// /.netlify/functions/<name>, so every /api route is a 404. Each path must be a string literal,
// and the one its contract declares.

const FUNCTIONS_DIR = new URL('../../netlify/functions/', import.meta.url);
/** Being rewritten on another branch (the tracking page issue); it must get a literal path there. */
const PENDING = ['tracking.ts'];
const files = readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.ts') && !PENDING.includes(name));
const contractPaths = new Set(ENDPOINTS.map(({ endpoint }) => endpoint.path));

describe('function routes', () => {
  it.each(files)('%s declares its contract path as a literal', async (file) => {
    const source = readFileSync(new URL(file, FUNCTIONS_DIR), 'utf8');
    const literal = source.match(/export const config: Config = \{\s*path: '([^']+)',/)?.[1];
    expect(literal, 'config.path must be a string literal').toBeDefined();
    expect(contractPaths).toContain(literal);
    const { config } = await import(new URL(file, FUNCTIONS_DIR).href);
    expect(config.path).toBe(literal);
  });
});
