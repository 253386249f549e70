import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '@/lib/date-display';
import { volumetricWeight } from '@/lib/pieces';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { formatWeight } from '@/lib/weight';
import { Panel } from '../../components/Panel';
import { StatusBadge } from '../../components/StatusBadge';

// What the view screen knows of a shipment, in three panels: the sender, the recipient and the shipment's
// details (goods, route, dates, courier and customs); a missing value shows as a dash.

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  const volumetric = volumetricWeight(shipment.pieces);
  return (
    <>
      <Panel title="Sender Info">
        <Facts
          items={[
            ['Name', shipment.sender_name],
            ['Phone', shipment.sender_phone],
            ['Email', shipment.sender_email],
            ['Address', shipment.sender_address],
          ]}
        />
      </Panel>
      <Panel title="Recipient Info">
        <Facts
          items={[
            ['Name', shipment.recipient_name],
            ['Phone', shipment.recipient_phone],
            ['Email', shipment.recipient_mail],
            ['Address', shipment.recipient_address],
          ]}
        />
      </Panel>
      <Panel title="Shipment Details">
        <Facts
          items={[
            ['Status', <StatusBadge key="status" status={shipment.status ?? ''} />],
            ['Customer reference', shipment.reference],
            ['Weight', shipment.weight === null ? null : formatWeight(shipment.weight)],
            ['Volumetric weight', volumetric === null ? null : formatWeight(volumetric)],
            ['Dimensions', shipment.dimensions],
            ['Package type', shipment.package_type],
            ['Contents', shipment.contents],
            [
              'Declared value',
              shipment.declared_value === null ? null : `$${shipment.declared_value.toLocaleString('en-US')}`,
            ],
            ['Origin', shipment.origin],
            ['Destination', shipment.destination],
            ['Order date', formatDate(shipment.order_date)],
            ['Shipping date', formatDate(shipment.shipping_date)],
            ['Estimated delivery', formatDate(shipment.estimated_delivery)],
            ['Delivery date', formatDate(shipment.delivery_date)],
            ['Current location', shipment.current_location],
            ['Next arrival', formatDateTime(shipment.arrival_time)],
            ['Courier', shipment.courier],
            ['Delivery method', shipment.delivery_method],
            ['Customs status', shipment.customs_status],
            [
              'Customs fees',
              shipment.customs_fees === null ? null : `$${shipment.customs_fees.toLocaleString('en-US')}`,
            ],
          ]}
        />
      </Panel>
    </>
  );
}
