import type { FieldErrors as FormErrors } from 'react-hook-form';
import type { z } from 'zod';
import type { newShipmentSchema } from '@/lib/api/shipments';
import { generateTrackingNumber } from '@/lib/tracking-number';
import type { FieldErrors } from '../../api/client';
import { EMPTY_PIECE } from '../../components/PiecesEditor';
import { localTimeZone } from '../../format';

// The Add New Shipment form's fields: every creation field grouped as staff fill them in, their labels as
// the error list names them, and the form's empty start (a fresh tracking number, status Preparing).

type Values = z.input<typeof newShipmentSchema>;
type Name = keyof Values & string;
type Input = { name: Name; label: string; type?: string; hint?: string; step?: string; wide?: boolean };

/** Every field a shipment takes on creation (shipmentCreateSchema), grouped as staff fill them in. */
export const GROUPS: Array<{ title: string; fields: Input[] }> = [
  {
    title: 'Order',
    fields: [
      { name: 'order_date', label: 'Order date', type: 'date' },
      { name: 'courier', label: 'Courier' },
      { name: 'delivery_method', label: 'Delivery method' },
    ],
  },
  {
    title: 'Sender',
    fields: [
      { name: 'sender_name', label: 'Sender name (required)' },
      { name: 'sender_phone', label: 'Sender phone', type: 'tel' },
      { name: 'sender_email', label: 'Sender email', type: 'email' },
      { name: 'sender_address', label: 'Sender address' },
    ],
  },
  {
    title: 'Recipient',
    fields: [
      { name: 'recipient_name', label: 'Recipient name (required)' },
      { name: 'recipient_phone', label: 'Recipient phone', type: 'tel' },
      { name: 'recipient_mail', label: 'Recipient email', type: 'email' },
      { name: 'recipient_address', label: 'Recipient address (required)' },
    ],
  },
  {
    title: 'Package',
    fields: [
      { name: 'dimensions', label: 'Dimensions', hint: 'e.g. 40 x 30 x 20 cm' },
      { name: 'package_type', label: 'Package type' },
      { name: 'contents', label: 'Contents' },
      { name: 'declared_value', label: 'Declared value (USD)', type: 'number', step: '0.01' },
    ],
  },
  {
    title: 'Route and dates',
    fields: [
      { name: 'origin', label: 'Origin (required)' },
      { name: 'destination', label: 'Destination (required)' },
      { name: 'current_location', label: 'Current location' },
      {
        name: 'arrival_time',
        label: 'Next arrival',
        type: 'datetime-local',
        hint: `When it reaches its next stop, in your time zone (${localTimeZone()}).`,
      },
      { name: 'shipping_date', label: 'Shipping date', type: 'date' },
      {
        name: 'estimated_delivery',
        label: 'Estimated delivery',
        type: 'date',
        hint: 'The date promised to the customer.',
      },
      { name: 'delivery_date', label: 'Delivery date', type: 'date' },
    ],
  },
  {
    title: 'Customs and fees',
    fields: [
      { name: 'customs_status', label: 'Customs status' },
      { name: 'customs_fees', label: 'Customs fees (USD)', type: 'number', step: '0.01' },
    ],
  },
];

const LABELS: Record<string, string> = Object.fromEntries([
  ...GROUPS.flatMap((group) => group.fields.map((field) => [field.name, field.label.replace(' (required)', '')])),
  ['tracking_number', 'Tracking number'],
  ['customer_id', 'Customer'],
  ['status', 'Status'],
  ['agent_notes', 'Agent notes'],
  ['admin_notes', 'Staff note'],
  ['pieces', 'Pieces'],
]);

/** Every field of the form: where the server's field errors land, and what the error list names. */
export const NAMES: Name[] = [
  'tracking_number',
  'customer_id',
  'status',
  ...GROUPS.flatMap((group) => group.fields.map((field) => field.name)),
  'agent_notes',
  'admin_notes',
];

/** The form's empty start: a fresh tracking number, status Preparing, one piece (its weight the shipment's). */
export const defaults = (): Values => ({
  tracking_number: generateTrackingNumber(),
  status: 'preparing',
  pieces: [EMPTY_PIECE],
  sender_name: '',
  recipient_name: '',
  recipient_address: '',
  origin: '',
  destination: '',
});

/** The client's field errors as the server words them: messages per field ("pieces.1.weight" for a piece's). */
export const messagesByField = (errors: FormErrors<Values>): FieldErrors => {
  const pieces = (Array.isArray(errors.pieces) ? errors.pieces : []) as Array<
    Record<string, { message?: string }> | undefined
  >;
  return Object.fromEntries([
    ...NAMES.flatMap((name) => (errors[name]?.message ? [[name, [errors[name].message]]] : [])),
    ...pieces.flatMap((piece, index) =>
      Object.entries(piece ?? {}).flatMap(([measure, error]) =>
        error?.message ? [[`pieces.${index}.${measure}`, [error.message]]] : [],
      ),
    ),
  ]);
};

/** A field's name as the error list says it: a piece's measure as "Piece 2 weight". */
export const labelOf = (field: string) => {
  const piece = /^pieces\.(\d+)\.(\w+)$/.exec(field);
  return piece ? `Piece ${Number(piece[1]) + 1} ${piece[2]}` : (LABELS[field] ?? field);
};
