/** Answers of the admin calls, as the screens read them. */
export interface DashboardFigure {
  value: number;
  previous: number;
  change_percent: number | null;
}

export interface DashboardData {
  generated_at: string;
  stats: Record<'active_shipments' | 'delivered_today' | 'new_customers' | 'pending_orders', DashboardFigure>;
  recent_shipments: Array<{
    tracking_number: string;
    origin: string;
    destination: string;
    status: string;
    created_at: string;
  }>;
  activity: Array<{
    id: number;
    action: string;
    actor_email: string;
    tracking_number: string | null;
    details: string | null;
    created_at: string;
  }>;
  shipments_per_day: Array<{ date: string; count: number }>;
}
