import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CorrectionField } from '@/lib/schemas/shipment/corrections';
import { SHIPMENT_FIELD_LABELS } from '@/lib/schemas/shipment/field-labels';
import { Field, inputClass } from './Field';

// The edit dialog's corrections beyond the route and the schedule: the sender, the recipient's contact, the
// goods, the courier and customs, the dates and the agent's notes, each group in a fieldset of its own. The
// weight is the pieces' total: the pieces editor among the goods changes it.

/** What the edit form corrects beyond the route and schedule, grouped as the dialog shows them. */
const CORRECTION_GROUPS: Array<{ legend: string; fields: Array<{ name: CorrectionField; input: InputKind }> }> = [
  {
    legend: 'Sender',
    fields: [
      { name: 'sender_name', input: 'text' },
      { name: 'sender_email', input: 'email' },
      { name: 'sender_phone', input: 'tel' },
      { name: 'sender_address', input: 'textarea' },
    ],
  },
  {
    legend: 'Recipient contact',
    fields: [
      { name: 'recipient_name', input: 'text' },
      { name: 'recipient_mail', input: 'email' },
      { name: 'recipient_phone', input: 'tel' },
    ],
  },
  {
    legend: 'Goods',
    fields: [
      { name: 'dimensions', input: 'text' },
      { name: 'contents', input: 'textarea' },
      { name: 'declared_value', input: 'number' },
    ],
  },
  {
    legend: 'Courier and customs',
    fields: [
      { name: 'courier', input: 'text' },
      { name: 'delivery_method', input: 'text' },
      { name: 'customs_status', input: 'text' },
      { name: 'customs_fees', input: 'number' },
    ],
  },
  {
    legend: 'Dates and agent notes',
    fields: [
      { name: 'order_date', input: 'date' },
      { name: 'shipping_date', input: 'date' },
      { name: 'delivery_date', input: 'date' },
      { name: 'agent_notes', input: 'textarea' },
    ],
  },
];
type InputKind = 'text' | 'email' | 'tel' | 'number' | 'date' | 'textarea';

export function ShipmentCorrectionFields({
  field,
  errorsOf,
  pieces,
}: {
  field: (name: CorrectionField) => UseFormRegisterReturn;
  errorsOf: (name: CorrectionField) => string[] | undefined;
  /** The pieces editor, first among the goods. */
  pieces: ReactNode;
}) {
  return (
    <>
      {CORRECTION_GROUPS.map((group) => (
        <fieldset
          key={group.legend}
          className="grid gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold text-slate-900">{group.legend}</legend>
          {group.legend === 'Goods' && pieces}
          {group.fields.map(({ name, input }) => (
            <Field
              key={name}
              label={SHIPMENT_FIELD_LABELS[name] ?? name}
              errors={errorsOf(name)}
              className={input === 'textarea' ? 'sm:col-span-2' : ''}
            >
              {(props) =>
                input === 'textarea' ? (
                  <textarea {...props} {...field(name)} rows={2} className={inputClass} />
                ) : (
                  <input
                    {...props}
                    {...field(name)}
                    type={input}
                    {...(input === 'number' ? { min: 0, step: 'any', inputMode: 'decimal' as const } : {})}
                    className={inputClass}
                  />
                )
              }
            </Field>
          ))}
        </fieldset>
      ))}
    </>
  );
}
