import { describe, expect, it } from 'vitest';
import { apiReference } from '../../src/components/api/reference';
import type { FieldRow, SchemaRow } from '../../src/components/api/schema-rows';
import { ENDPOINTS } from '../../src/lib/api/endpoints';
import { openApiDocument } from '../../src/lib/api/openapi';

const reference = apiReference(openApiDocument('/'));
const operations = reference.tags.flatMap((tag) => tag.operations);
const operation = (id: string) => {
  const found = operations.find((item) => item.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const field = (rows: SchemaRow[], name: string) =>
  rows.find((row): row is FieldRow => row.kind === 'field' && row.name === name);

describe('the API reference page data', () => {
  it('has every call of the contract once, under its resource, with a unique anchor', () => {
    expect(operations.map(({ method, path }) => `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`).sort()).toEqual(
      ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`).sort(),
    );
    expect(new Set(operations.map(({ anchor }) => anchor)).size).toBe(operations.length);
    expect(reference.tags.find((tag) => tag.name === 'Shipments')?.operations.map(({ id }) => id)).toContain(
      'shipments.list',
    );
  });

  it('says who may call: anyone, a staff session, or a session or a device key', () => {
    expect(operation('tracking.lookup').access).toEqual([]);
    expect(operation('shipments.list').access.map(({ label }) => label)).toEqual([
      'Staff session (cookie __Host-session)',
    ]);
    expect(operation('scans.create').access.map(({ label }) => label)).toEqual([
      'Staff session (cookie __Host-session)',
      'Device API key (Bearer token)',
    ]);
  });

  it('lists parameters, body fields with their constraints, and every answer', () => {
    const list = operation('shipments.list');
    expect(list.parameters.find(({ name }) => name === 'limit')).toMatchObject({
      location: 'query',
      required: false,
      type: 'integer',
      notes: ['At least 1.', 'At most 200.', 'Default 50.'],
    });
    const create = operation('shipments.create');
    expect(field(create.body?.rows ?? [], 'status')).toMatchObject({ required: true, type: 'string' });
    expect(field(create.body?.rows ?? [], 'status')?.notes[0]).toMatch(/^One of "preparing"/);
    expect(field(create.body?.rows ?? [], 'eta')).toMatchObject({ deprecated: true, required: false });
    expect(list.roles).toEqual(['admin', 'dispatcher', 'viewer']);
    const statuses = list.responses.map(({ status }) => status);
    expect(statuses).toEqual(['200', '401', '403', '405', '422', '503']);
    const ok = list.responses[0]!.rows;
    expect(field(ok, 'data[].tracking_number')).toMatchObject({ depth: 1, type: 'string', required: true });
    expect(field(ok, 'meta.next_cursor')?.type).toBe('string or null');
  });

  it('links named schemas instead of repeating them, and shows each shape of a union', () => {
    const [unprocessable] = operation('shipments.list').responses.filter(({ status }) => status === '422');
    expect(unprocessable?.rows).toEqual([
      expect.objectContaining({ kind: 'field', name: '', ref: { name: 'ApiError', anchor: 'schema-apierror' } }),
    ]);
    expect(field(operation('shipments.get').responses[0]!.rows, 'data')?.ref?.name).toBe('Shipment');
    expect(reference.schemas.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Shipment', 'TrackingResult', 'ApiError', 'TrackingError']),
    );
    const login = operation('auth.login').responses[0]!.rows;
    expect(login.filter((row) => row.kind === 'shape').map((row) => row.kind === 'shape' && row.label)).toEqual([
      'When status is "success"',
      'When status is "two_factor_required"',
      'When status is "email_sent"',
    ]);
    expect(field(login, 'user.email')).toMatchObject({ depth: 2 });
  });
});
