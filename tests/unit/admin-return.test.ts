import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasDraft, keepDraft, saveDrafts, takeDraft } from '../../src/admin/drafts';
import { loginUrl, rememberForLink, returnForLink, returnPath } from '../../src/admin/return-path';

// Back where you were: the sign-in page follows only admin paths of its own origin, and a form's
// typed values outlive the trip to the sign-in page.

const ORIGIN = 'https://courier.example';

describe('returnPath', () => {
  it.each([
    ['/admin/view_shipment/CS123456789', '/admin/view_shipment/CS123456789'],
    ['/admin/shipments?q=madrid&status=in_transit', '/admin/shipments?q=madrid&status=in_transit'],
    ['/admin', '/admin'],
    ['/admin/settings#security', '/admin/settings#security'],
  ])('follows the admin path %s', (raw, expected) => {
    expect(returnPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example/admin',
    '\\\\evil.example',
    '/admin\t/x',
    'javascript:alert(1)',
    '/about',
    '/admin-login',
    '/administrator',
    '/admin/../about',
    'admin/shipments',
  ])('sends %j to the dashboard instead', (raw) => {
    expect(returnPath(raw, ORIGIN)).toBe('/admin');
  });

  it('carries the path in the sign-in address, and nothing for the dashboard', () => {
    expect(loginUrl('/admin/view_shipment/CS1?x=1')).toBe('/admin-login?next=%2Fadmin%2Fview_shipment%2FCS1%3Fx%3D1');
    expect(loginUrl('/admin')).toBe('/admin-login');
  });
});

/** A browser storage (`sessionStorage`, `localStorage`) in memory: the map behind it. */
function stubStorage(name: 'sessionStorage' | 'localStorage') {
  const store = new Map<string, string>();
  vi.stubGlobal(name, {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  return store;
}

describe('drafts', () => {
  function browserAt(pathname: string) {
    vi.stubGlobal('window', { location: { pathname } });
    return stubStorage('sessionStorage');
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps a changed form for its page, once', () => {
    browserAt('/admin/new_shipment');
    const stop = keepDraft('new-shipment', () => ({ origin: 'Madrid', weight: '12' }));
    saveDrafts();
    stop();
    expect(hasDraft('new-shipment')).toBe(true);
    expect(takeDraft('new-shipment')).toEqual({ origin: 'Madrid', weight: '12' });
    expect(takeDraft('new-shipment')).toBeNull();
  });

  it('keeps nothing for an unchanged form or a form no longer on screen', () => {
    const store = browserAt('/admin/new_shipment');
    keepDraft('untouched', () => null)();
    const stop = keepDraft('untouched', () => null);
    keepDraft('gone', () => ({ a: 1 }))();
    saveDrafts();
    stop();
    expect(store.size).toBe(0);
  });

  it('gives a draft back only on the page it was typed on', () => {
    browserAt('/admin/view_shipment/CS1');
    const stop = keepDraft('edit-shipment', () => ({ origin: 'Lyon' }));
    saveDrafts();
    stop();
    vi.stubGlobal('window', { location: { pathname: '/admin/view_shipment/CS2' } });
    expect(takeDraft('edit-shipment')).toBeNull();
  });

  it('ignores a stored value that is not a form', () => {
    const store = browserAt('/admin/new_shipment');
    store.set('admin-draft:/admin/new_shipment:new-shipment', '[1,2]');
    expect(takeDraft('new-shipment')).toBeNull();
    store.set('admin-draft:/admin/new_shipment:new-shipment', '{not json');
    expect(takeDraft('new-shipment')).toBeNull();
  });
});

describe('after an emailed sign-in link', () => {
  function signInPageAt(search: string) {
    vi.stubGlobal('window', { location: { search, origin: ORIGIN } });
    return stubStorage('localStorage');
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns where the sign-in page was to return, on this device, once', () => {
    signInPageAt('?next=%2Fdriver');
    const sent = Date.parse('2026-11-26T08:00:00Z');
    rememberForLink(sent);
    expect(returnForLink(sent + 60_000)).toBe('/driver');
    expect(returnForLink(sent + 61_000)).toBe('/admin');
  });

  it('goes to the dashboard once the link has expired, or for what is not a path of the app', () => {
    const store = signInPageAt('?next=%2Fadmin%2Fshipments');
    const sent = Date.parse('2026-11-26T08:00:00Z');
    rememberForLink(sent);
    expect(returnForLink(sent + 15 * 60_000 + 1)).toBe('/admin');
    for (const stored of [
      '{not json',
      '[1]',
      '{"path":"/admin/runs"}',
      '{"path":"https://evil.example/admin","at":1}',
    ]) {
      store.set('sign-in-link-return', stored);
      expect(returnForLink(2)).toBe('/admin');
    }
    store.set('sign-in-link-return', JSON.stringify({ path: '/admin/runs', at: 1 }));
    expect(returnForLink(2)).toBe('/admin/runs');
  });

  it('without storage, goes to the dashboard', () => {
    vi.stubGlobal('window', { location: { search: '?next=%2Fdriver', origin: ORIGIN } });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    rememberForLink();
    expect(returnForLink()).toBe('/admin');
  });
});
