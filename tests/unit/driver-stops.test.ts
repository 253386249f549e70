import { afterEach, describe, expect, it, vi } from 'vitest';
import { $stops, keepOnDevice, keptOnDevice, loadStops } from '../../src/driver/stops';

// A phone may refuse the screen its storage (some private modes): what it just loaded still shows.

const today = {
  date: '2026-11-26',
  stops: [
    {
      position: 1,
      tracking_number: 'NEC000000001',
      status: 'out_for_delivery',
      recipient_name: 'J. Smith',
      recipient_address: '1 High Street',
      recipient_phone: null,
      destination: 'Leeds',
    },
  ],
};

describe("the driver's stops when the phone refuses storage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the stops just loaded, and keeping or reading them back fails quietly', async () => {
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    });
    vi.stubGlobal('fetch', async () => Response.json({ data: today }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await loadStops();

    expect($stops.get()).toEqual({ status: 'ready', data: today, notice: null });
    await expect(keepOnDevice('today', today)).resolves.toBeUndefined();
    await expect(keptOnDevice('today')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
