/** What the public GET /api/tracking/{trackingNumber} answers in `data`: the server builds it, the widget shows it. */
export interface TrackingHistory {
  id: number;
  status: string;
  created_at: string;
  notes: string | null;
}

export interface TrackingResult {
  tracking_number: string;
  sender_name: string;
  recipient_address: string;
  weight: number | null;
  status: string;
  destination: string;
  histories: TrackingHistory[];
}
