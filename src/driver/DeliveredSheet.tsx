import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { shrinkPhoto } from '@/lib/photo';
import type { ProofInput } from './queue';
import { FIELD, SECONDARY, Sheet, SheetActions } from './Sheet';

/**
 * Delivered, with its proof: the recipient's name, a signature drawn on the screen, an optional photo
 * (shrunk on the phone) and the device's position if the driver allows it. Loaded when first opened.
 */

type Position = Pick<ProofInput, 'latitude' | 'longitude' | 'accuracy'>;

export default function DeliveredSheet({
  trackingNumber,
  onSave,
  onClose,
}: {
  trackingNumber: string;
  onSave: (proof: ProofInput) => void;
  onClose: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoNote, setPhotoNote] = useState('');
  const [position, setPosition] = useState<Position | null>(null);
  const [problems, setProblems] = useState<{ name?: string; signature?: string }>({});
  const [saving, setSaving] = useState(false);
  const id = useId();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // The canvas is drawn at the screen's pixel density, so the signature stays sharp.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    pad.current = new SignaturePad(element);
    return () => pad.current?.off();
  }, []);

  useEffect(() => {
    navigator.geolocation?.getCurrentPosition(
      ({ coords }) =>
        setPosition({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      () => setPosition(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }, []);

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setPhoto(null);
      setPhotoNote('That file is not a photo.');
      return;
    }
    try {
      const shrunk = await shrinkPhoto(file);
      setPhoto(shrunk);
      setPhotoNote(`Photo added (${Math.ceil(shrunk.size / 1024)} KB).`);
    } catch {
      setPhoto(null);
      setPhotoNote('This photo could not be read. Take another.');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof problems = {};
    const recipient = name.trim();
    if (!recipient) found.name = "Enter the recipient's name";
    else if (recipient.length > 100) found.name = 'At most 100 characters';
    if (!pad.current || pad.current.isEmpty()) found.signature = 'Ask the recipient to sign';
    setProblems(found);
    if (found.name || found.signature || !canvas.current) return;
    setSaving(true);
    const signature = await new Promise<Blob | null>((resolve) => canvas.current?.toBlob(resolve, 'image/png'));
    setSaving(false);
    if (!signature) return;
    onSave({
      recipient_name: recipient,
      signature,
      ...(photo ? { photo } : {}),
      ...(position ?? {}),
      delivered_at: new Date().toISOString(),
    });
  };

  return (
    <Sheet title={`Delivered: ${trackingNumber}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <label className="block font-medium">
          Recipient's name
          <input
            className={FIELD}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            aria-invalid={Boolean(problems.name)}
            aria-describedby={problems.name ? `${id}-name` : undefined}
          />
        </label>
        {problems.name && (
          <p id={`${id}-name`} role="alert" className="font-medium text-red-700">
            {problems.name}
          </p>
        )}
        <div>
          <p id={`${id}-signature-label`} className="font-medium">
            Signature
          </p>
          <canvas
            ref={canvas}
            role="img"
            aria-labelledby={`${id}-signature-label`}
            aria-describedby={problems.signature ? `${id}-signature` : undefined}
            className="mt-1 h-40 w-full touch-none rounded-lg border border-slate-400 bg-slate-50"
          />
          {problems.signature && (
            <p id={`${id}-signature`} role="alert" className="font-medium text-red-700">
              {problems.signature}
            </p>
          )}
          <button type="button" className={`${SECONDARY} mt-2`} onClick={() => pad.current?.clear()}>
            Clear signature
          </button>
        </div>
        <label className="block font-medium">
          Photo (optional)
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className={`${FIELD} py-2`}
            onChange={(event) => void choosePhoto(event.target.files?.[0])}
          />
        </label>
        {photoNote && <p aria-live="polite">{photoNote}</p>}
        <p className="text-sm text-slate-700">
          {position
            ? `Position recorded (within ${Math.round(position.accuracy ?? 0)} m).`
            : 'Position: not available.'}
        </p>
        <SheetActions onCancel={onClose} saving={saving} />
      </form>
    </Sheet>
  );
}
