import { useEffect, useState } from 'react';
import AlertSignup from '@/islands/AlertSignup';

/** Mounts the alert signup for `?number=`, as the tracking page does under a found shipment. */
export default function AlertSignupFixture() {
  const [number, setNumber] = useState<string | null>(null);
  useEffect(() => setNumber(new URLSearchParams(window.location.search).get('number')), []);
  return number ? <AlertSignup trackingNumber={number} /> : null;
}
