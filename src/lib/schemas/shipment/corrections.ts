import { shipmentCreateSchema } from './create';

// The fields staff correct on an existing shipment, shared by the edit dialog's save and its form.

const created = shipmentCreateSchema.shape;

/**
 * What staff correct on a shipment besides its route and schedule: the sender's and recipient's contact
 * details, the goods, the courier, customs and the dates, each as the creation form takes it (a blank
 * optional field is cleared; the names cannot be emptied).
 */
export const correctionFields = {
  sender_name: created.sender_name,
  sender_email: created.sender_email,
  sender_phone: created.sender_phone,
  sender_address: created.sender_address,
  recipient_name: created.recipient_name,
  recipient_mail: created.recipient_mail,
  recipient_phone: created.recipient_phone,
  weight: created.weight,
  dimensions: created.dimensions,
  contents: created.contents,
  declared_value: created.declared_value,
  courier: created.courier,
  delivery_method: created.delivery_method,
  customs_status: created.customs_status,
  customs_fees: created.customs_fees,
  order_date: created.order_date,
  shipping_date: created.shipping_date,
  delivery_date: created.delivery_date,
  agent_notes: created.agent_notes,
};
export type CorrectionField = keyof typeof correctionFields;
export const CORRECTION_FIELDS = Object.keys(correctionFields) as CorrectionField[];
