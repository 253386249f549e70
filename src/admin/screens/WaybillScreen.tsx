import { useStore } from '@nanostores/react';
import { type ReactNode, useId } from 'react';
import { formatDate } from '@/lib/date-display';
import { volumetricWeight } from '@/lib/pieces';
import type { CompanySettingsValue } from '@/lib/schemas/settings';
import type { WaybillShipment } from '@/lib/schemas/waybill';
import { statusLabel } from '@/lib/shipment-status';
import { formatWeight } from '@/lib/weight';
import { Code128, QrCode } from '../components/Barcodes';
import { buttonClass, ErrorAlert, secondaryButtonClass } from '../components/Field';
import { $router } from '../router';
import { $waybills, waybillNumbers } from '../stores/waybills';
import { PieceLabel, trackUrl } from './waybill/PieceLabel';

export type WaybillFormat = 'sheet' | 'label';

/** Paper per format: a sheet fits A4 and Letter alike (the printer's paper, 12 mm margins); a label is 4 × 6 in. */
const PRINT_CSS: Record<WaybillFormat, string> = {
  sheet: '@page { margin: 12mm; } @media print { .waybill { break-after: page; } }',
  label: '@page { size: 4in 6in; margin: 0; } @media print { .waybill { break-after: page; } }',
};

function companyLines(company: CompanySettingsValue): string[] {
  return [
    company.address,
    [company.city, company.state, company.postal_code].filter(Boolean).join(' '),
    [company.phone, company.email].join(' · '),
    ...(company.website ? [company.website] : []),
  ];
}

function Party({ title, name, lines }: { title: string; name: string; lines: Array<string | null> }) {
  return (
    <div className="rounded border border-slate-400 p-3">
      <h3 className="text-xs font-bold uppercase tracking-wide text-slate-700">{title}</h3>
      <p className="mt-1 text-base font-semibold text-slate-900">{name}</p>
      {lines.filter(Boolean).map((line) => (
        <p key={line} className="text-sm text-slate-900">
          {line}
        </p>
      ))}
    </div>
  );
}

function Details({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs font-semibold uppercase text-slate-700">{term}</dt>
          <dd className="text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const weight = (shipment: WaybillShipment) => (shipment.weight === null ? null : formatWeight(shipment.weight));
const volumetric = (shipment: WaybillShipment) => {
  const kg = volumetricWeight(shipment.pieces);
  return kg === null ? null : formatWeight(kg);
};

/** A whole-page waybill (A4 or Letter). */
function Sheet({ shipment, company }: { shipment: WaybillShipment; company: CompanySettingsValue }) {
  const url = trackUrl(shipment.tracking_number);
  return (
    <article
      aria-label={`Waybill ${shipment.tracking_number}`}
      className="waybill mx-auto flex w-full max-w-[190mm] flex-col gap-4 bg-white p-6 text-slate-900 shadow print:max-w-none print:p-0 print:shadow-none"
    >
      <header className="flex items-start justify-between gap-4 border-b-2 border-slate-900 pb-3">
        <div>
          <p className="text-xl font-extrabold">{company.company_name}</p>
          {companyLines(company).map((line) => (
            <p key={line} className="text-xs">
              {line}
            </p>
          ))}
        </div>
        <div className="text-right">
          <h2 className="text-2xl font-extrabold uppercase">Waybill</h2>
          <p className="font-mono text-lg font-bold">{shipment.tracking_number}</p>
          <p className="text-xs">Order date {formatDate(shipment.order_date)}</p>
        </div>
      </header>
      <div className="flex items-center justify-between gap-6">
        <Code128 text={shipment.tracking_number} className="h-28 w-auto max-w-[60%]" />
        <figure className="flex flex-col items-center">
          <QrCode value={url} className="h-28 w-28" />
          <figcaption className="mt-1 max-w-48 break-all text-center text-[10px]">{url}</figcaption>
        </figure>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Party
          title="Sender"
          name={shipment.sender_name}
          lines={[shipment.sender_address, shipment.sender_phone, shipment.origin]}
        />
        <Party
          title="Recipient"
          name={shipment.recipient_name}
          lines={[shipment.recipient_address, shipment.recipient_phone, shipment.destination]}
        />
      </div>
      <section aria-label="Package details" className="rounded border border-slate-400 p-3">
        <h3 className="mb-2 text-xs font-bold uppercase tracking-wide text-slate-700">Package details</h3>
        <Details
          items={[
            ['Customer reference', shipment.reference],
            ['Pieces', shipment.pieces.length],
            ['Weight', weight(shipment)],
            ['Volumetric weight', volumetric(shipment)],
            ['Dimensions', shipment.dimensions],
            ['Package type', shipment.package_type],
            ['Contents', shipment.contents],
            [
              'Declared value',
              shipment.declared_value === null ? null : `$${shipment.declared_value.toLocaleString('en-US')}`,
            ],
            ['Status', statusLabel(shipment.status)],
            ['Courier', shipment.courier],
            ['Delivery method', shipment.delivery_method],
            ['Shipping date', formatDate(shipment.shipping_date)],
            ['Estimated delivery', formatDate(shipment.estimated_delivery)],
            ['Route', `${shipment.origin} → ${shipment.destination}`],
          ]}
        />
      </section>
      <footer className="mt-auto border-t border-slate-400 pt-2 text-[10px] text-slate-700">
        Track this shipment at {url}. Received in good order and condition: signature ____________________ date
        __________
      </footer>
    </article>
  );
}

/** A label per piece. */
const labelCount = (shipments: WaybillShipment[]) =>
  shipments.reduce((sum, shipment) => sum + shipment.pieces.length, 0);

/**
 * The print page of waybills: `/admin/waybills?numbers=NEC…,NEC…&format=sheet|label`. Print CSS
 * gives each waybill its own page (a sheet on A4 or Letter, or a 4 × 6 in label); the toolbar does
 * not print.
 */
export default function WaybillScreen() {
  const page = useStore($router);
  const state = useStore($waybills);
  const search = page?.search ?? {};
  const format: WaybillFormat = search.format === 'label' ? 'label' : 'sheet';
  const numbers = waybillNumbers(search);
  const formatId = useId();

  const setFormat = (next: WaybillFormat) => {
    const url = new URL(window.location.href);
    url.searchParams.set('format', next);
    $router.open(`${url.pathname}${url.search}`, true);
  };

  return (
    <div className="min-h-screen bg-slate-200 print:bg-white">
      <style>{PRINT_CSS[format]}</style>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-4 border-b border-slate-300 bg-white px-4 py-3 print:hidden">
        <h1 className="text-lg font-bold text-slate-900">
          {format === 'label' ? 'Labels' : 'Waybills'}
          {state.status === 'ready'
            ? ` (${format === 'label' ? labelCount(state.data.shipments) : state.data.shipments.length})`
            : ''}
        </h1>
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="sr-only">Paper</legend>
          {(
            [
              ['sheet', 'Sheet (A4 / Letter)'],
              ['label', 'Label (4 × 6 in)'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5 text-slate-800">
              <input
                type="radio"
                name={formatId}
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="ml-auto flex gap-2">
          <a href="/admin/shipments" className={secondaryButtonClass}>
            Back to shipments
          </a>
          <button
            type="button"
            className={buttonClass}
            disabled={state.status !== 'ready' || state.data.shipments.length === 0}
            onClick={() => window.print()}
          >
            Print
          </button>
        </div>
      </div>

      <main className="flex flex-col gap-6 p-4 print:block print:p-0">
        {numbers.length === 0 ? (
          <p role="alert" className="rounded-md bg-white p-4 text-slate-900">
            No shipments chosen. Select shipments in the list, or open a shipment and choose “Print waybill”.
          </p>
        ) : state.status === 'loading' ? (
          <p role="status" className="text-slate-800">
            Loading...
          </p>
        ) : state.status === 'error' ? (
          <ErrorAlert>{state.message}</ErrorAlert>
        ) : (
          <>
            {state.data.missing.length ? (
              <p
                role="alert"
                className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 print:hidden"
              >
                Not found: {state.data.missing.join(', ')}
              </p>
            ) : null}
            {state.data.shipments.map((shipment) =>
              format === 'label' ? (
                shipment.pieces.map((piece) => (
                  <PieceLabel key={piece.barcode} shipment={shipment} piece={piece} company={state.data.company} />
                ))
              ) : (
                <Sheet key={shipment.tracking_number} shipment={shipment} company={state.data.company} />
              ),
            )}
          </>
        )}
      </main>
    </div>
  );
}
