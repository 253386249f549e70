import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../src/lib/schemas/login';
import { shipmentCreateSchema } from '../../src/lib/schemas/shipment/create';
import { shipmentDialogSchema } from '../../src/lib/schemas/shipment/dialog';
import { shipmentEditFormSchema } from '../../src/lib/schemas/shipment/edit-form';
import { shipmentListQuerySchema } from '../../src/lib/schemas/shipment/list-query';
import { locationUpdateSchema } from '../../src/lib/schemas/shipment/location-update';
import { shipmentPatchSchema } from '../../src/lib/schemas/shipment/patch';
import { statusUpdateSchema } from '../../src/lib/schemas/shipment/status-update';
import { parseStatus, SHIPMENT_STATUSES, statusLabel } from '../../src/lib/shipment-status';

const REQUIRED = {
  sender_name: 'S',
  recipient_name: 'R',
  recipient_address: '1 Main Street, Dover',
  origin: 'O',
  destination: 'Dover, United Kingdom',
  status: 'preparing',
};

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('shipment schemas (shared by the admin forms and the functions)', () => {
  it('creation: trims text, upper-cases the number, turns blanks into absent and numeric text into numbers', () => {
    const parsed = shipmentCreateSchema.parse({
      ...REQUIRED,
      tracking_number: ' nec123456789 ',
      sender_name: '  Ada  ',
      weight: '2.5',
      courier: '  ',
    });
    expect(parsed).toMatchObject({ tracking_number: 'NEC123456789', sender_name: 'Ada', weight: 2.5 });
    expect(parsed.courier).toBeUndefined();
  });

  it('creation: a status that needs a reason or a depot is set afterwards, with Update Status', () => {
    for (const status of ['delivery_failed', 'exception', 'available_for_pickup']) {
      expect(errorsOf(shipmentCreateSchema.safeParse({ ...REQUIRED, status })).status).toMatch(
        /^Set .+ with Update Status/,
      );
      expect(
        errorsOf(shipmentDialogSchema.safeParse({ customer: 'CUS-1001', origin: 'O', destination: 'D', status }))
          .status,
      ).toMatch(/^Set .+ with Update Status/);
    }
    expect(shipmentCreateSchema.safeParse({ ...REQUIRED, status: 'out_for_delivery' }).success).toBe(true);
  });

  it('creation: rejects impossible dates, negative amounts, bad emails and over-long text', () => {
    const errors = errorsOf(
      shipmentCreateSchema.safeParse({
        ...REQUIRED,
        order_date: '2026-02-29',
        estimated_delivery: '2026-1-5',
        customs_fees: -3,
        recipient_mail: 'x@',
        contents: 'x'.repeat(501),
      }),
    );
    expect(errors).toEqual({
      order_date: 'Must be a real calendar date',
      estimated_delivery: 'Must be a date as YYYY-MM-DD',
      customs_fees: 'Must not be negative',
      recipient_mail: 'Must be a valid email address',
      contents: 'Must be at most 500 characters',
    });
  });

  it('statuses are accepted as stored or as labelled, and badges read them the same way', () => {
    for (const status of ['in_transit', 'In Transit', 'IN-TRANSIT']) {
      expect(statusUpdateSchema.parse({ tracking_number: 'NEC123456789', status }).status).toBe('in_transit');
      expect(parseStatus(status)).toBe('in_transit');
      expect(statusLabel(status)).toBe('In Transit');
    }
    expect(parseStatus('in flight')).toBeNull();
    expect(errorsOf(statusUpdateSchema.safeParse({ tracking_number: 'NEC123456789', status: 'in flight' }))).toEqual({
      status: `Must be one of ${SHIPMENT_STATUSES.join(', ')}`,
    });
    for (const status of ['Delivery Attempt Failed', 'out for delivery', 'AVAILABLE-FOR-PICKUP']) {
      expect(parseStatus(status)).toBe(
        { 'Delivery Attempt Failed': 'delivery_failed', 'out for delivery': 'out_for_delivery' }[status] ??
          'available_for_pickup',
      );
    }
    expect(errorsOf(statusUpdateSchema.safeParse({ tracking_number: 'NEC123456789' }))).toEqual({
      status: 'Please select a status',
    });
  });

  it('location: the country is required, the expected arrival optional (a date or a date and time)', () => {
    expect(
      errorsOf(locationUpdateSchema.safeParse({ tracking_number: 'NEC123456789', arrival_time: '2026-12-01' })),
    ).toEqual({
      current_country: 'Please enter the country',
    });
    expect(
      locationUpdateSchema.parse({ tracking_number: 'NEC123456789', current_country: 'Spain', arrival_time: '' }),
    ).toEqual({
      tracking_number: 'NEC123456789',
      current_country: 'Spain',
    });
    for (const arrival_time of [
      '2026-12-01',
      '2026-12-01T09:30',
      '2026-12-01T09:30:00.000Z',
      '2026-12-01T09:30+01:00',
    ]) {
      expect(
        locationUpdateSchema.safeParse({ tracking_number: 'NEC123456789', current_country: 'Spain', arrival_time })
          .success,
      ).toBe(true);
    }
    expect(
      locationUpdateSchema.safeParse({
        tracking_number: 'NEC123456789',
        current_country: 'Spain',
        arrival_time: 'tomorrow',
      }).success,
    ).toBe(false);
  });

  it('dialog and patch: the dialog needs customer, places and status; the patch needs nothing', () => {
    expect(Object.keys(errorsOf(shipmentDialogSchema.safeParse({}))).sort()).toEqual([
      'customer',
      'destination',
      'origin',
      'status',
    ]);
    expect(shipmentPatchSchema.parse({})).toEqual({});
    expect(shipmentPatchSchema.parse({ notes: '', status: 'Delivered' })).toEqual({ status: 'delivered' });
  });

  it('edit dialog form: the route and the address stay filled, the address lies in the destination', () => {
    const form = {
      origin: 'Sacramento, USA',
      destination: 'Montreal, Canada',
      recipient_address: '12 Rue Sainte-Catherine\nMontreal, Canada',
      estimated_delivery: '',
      arrival_time: '2026-12-01T09:30:00.000Z',
      type: '',
      status: 'In Transit',
      sender_name: 'Ada Lovelace',
      recipient_name: 'Charles Babbage',
      weight: '2.5',
      courier: '',
      notes: '  ',
    };
    expect(shipmentEditFormSchema.parse(form)).toMatchObject({
      recipient_address: '12 Rue Sainte-Catherine\nMontreal, Canada',
      arrival_time: '2026-12-01T09:30:00.000Z',
      status: 'in_transit',
      weight: 2.5,
    });
    expect(errorsOf(shipmentEditFormSchema.safeParse({ ...form, sender_name: ' ' }))).toEqual({
      sender_name: 'Sender name is required',
    });
    expect(errorsOf(shipmentEditFormSchema.safeParse({ ...form, recipient_address: '1 King St, Toronto' }))).toEqual({
      recipient_address: "Must be in the destination's city (edit the destination and the address together)",
    });
    expect(errorsOf(shipmentEditFormSchema.safeParse({ ...form, origin: ' ', recipient_address: '' }))).toMatchObject({
      origin: 'Origin is required',
      recipient_address: 'Recipient address is required',
    });
    // The PATCH takes an address over several lines, as creation does.
    expect(shipmentPatchSchema.parse({ recipient_address: 'Unit 4\n1 Main Street, Dover' })).toEqual({
      recipient_address: 'Unit 4\n1 Main Street, Dover',
    });
  });

  it('list query: limit defaults to 50 and is bounded to 1..200', () => {
    expect(shipmentListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(shipmentListQuerySchema.parse({ limit: '200', q: ' ham ' })).toEqual({ limit: 200, q: 'ham' });
    expect(shipmentListQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(shipmentListQuerySchema.safeParse({ limit: '1.5' }).success).toBe(false);
  });

  it('login: email and password required, remember optional', () => {
    expect(loginSchema.parse({ email: ' a@b.example ', password: 'p' })).toEqual({
      email: 'a@b.example',
      password: 'p',
      remember: false,
    });
    expect(Object.keys(errorsOf(loginSchema.safeParse({ remember: 'yes' }))).sort()).toEqual([
      'email',
      'password',
      'remember',
    ]);
  });
});
