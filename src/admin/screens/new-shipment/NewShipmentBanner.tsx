// What the Add New Shipment screen says after a submit: the shipment added, with a link to it, or the
// fields to correct (the client's checks or the server's refusal, listed by their labels).

export type Banner =
  | { kind: 'success'; trackingNumber: string; message: string }
  | { kind: 'error'; message: string; list: string[] };

export function NewShipmentBanner({ banner }: { banner: Banner | null }) {
  return banner?.kind === 'success' ? (
    <div className="mt-4 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
      <p className="font-semibold">{banner.message}</p>
      <a
        href={`/admin/view_shipment/${banner.trackingNumber}`}
        className="mt-1 inline-block font-semibold text-green-900 underline"
      >
        View shipment {banner.trackingNumber}
      </a>
    </div>
  ) : banner?.kind === 'error' ? (
    <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{banner.message}</p>
      {banner.list.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {banner.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </div>
  ) : null;
}
