import { beforeAll, describe, expect, it } from 'vitest';
import customersList from '../../netlify/functions/customers-list-create';
import exportCustomers from '../../netlify/functions/exports-customers';
import exportQuotes from '../../netlify/functions/exports-quote-requests';
import exportShipments from '../../netlify/functions/exports-shipments';
import shipmentsList from '../../netlify/functions/shipments-list';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

/** The lists as CSV: every match of the screen's search and filters, page after page, formula-safe. */

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const download = (handler: Parameters<typeof call>[0], path: string, as = cookie) =>
  call(handler, apiRequest(path, { headers: withSession(as) }));

/** The CSV's records (RFC 4180; the values these tests write hold no line breaks). */
const records = (csv: string) =>
  csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...`${line},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)].map(([, cell = '']) =>
        cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell,
      ),
    );

describe('exports', () => {
  it('shipments: every match over several pages, with the list’s search and filter, as an attachment', async () => {
    const db = await getDb();
    // 1,234 more on hold, bound for Tromsø: more than two export pages.
    await db.execute(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
      INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin, destination)
      SELECT printf('NECX%08d', i), 'on_hold', 'Sender ' || i, 'Recipient ' || i, 'Storgata 1, Tromsø', 'Oslo, Norway',
             'Tromsø, Norway' FROM n`);
    // The list counts a search up to 1,000 ("1,000+"); the export has every match.
    const listed = await download(shipmentsList, '/api/trackings?status=on_hold&q=troms&limit=1');
    expect(listed.body.meta).toMatchObject({ total: 1000, total_is_estimate: true });

    const answer = await download(exportShipments, '/api/exports/shipments?status=on_hold&q=troms');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(
      /attachment; filename="shipments-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = records(answer.body);
    expect(header!.slice(0, 3)).toEqual(['Tracking number', 'Status', 'Customer']);
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((row) => row[0])).size).toBe(1234);
    expect(rows[0]).toEqual(expect.arrayContaining(['NECX00001234', 'On Hold', 'Sender 1234', 'Tromsø, Norway']));
    expect(rows.at(-1)![0]).toBe('NECX00000001');
  });

  it('a cell that would be a formula starts with a quote, and a comma or quote is quoted', async () => {
    const db = await getDb();
    await db.execute(`INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address,
                        origin, destination, reference)
                      VALUES ('NECFORMULA01', 'processing', '=HYPERLINK("http://evil.example")', 'Doe, "Jo"',
                        '1 Main St', 'Lima, Peru', 'Cusco, Peru', '-2+3')`);
    const answer = await download(exportShipments, '/api/exports/shipments?q=NECFORMULA01');
    expect(answer.body).toContain(`NECFORMULA01,Processing,,,"'=HYPERLINK(""http://evil.example"")"`);
    expect(answer.body).toContain('"Doe, ""Jo"""');
    const [header, line] = records(answer.body);
    expect(line![8]).toBe('Doe, "Jo"');
    // The customer's reference, last: an imported one is the customer's text, made safe like the rest.
    expect([header!.at(-1), line!.at(-1)]).toEqual(['Customer reference', "'-2+3"]);
  });

  it('customers and quote requests follow their filters; bad filters name the field', async () => {
    const customers = await download(customersList, '/api/customers?status=active&limit=100');
    const csv = await download(exportCustomers, '/api/exports/customers?status=active');
    const [header, ...rows] = records(csv.body);
    expect(header).toEqual([
      'Customer',
      'Name',
      'Contact',
      'Email',
      'Phone',
      'Address',
      'Status',
      'Shipments',
      'Created (UTC)',
    ]);
    expect(rows.map((row) => row[0])).toEqual(customers.body.data.map((customer: { id: string }) => customer.id));
    expect(rows.every((row) => row[6] === 'Active')).toBe(true);

    const quotes = await download(exportQuotes, '/api/exports/quote-requests?status=new');
    expect(quotes.status).toBe(200);
    expect(records(quotes.body)[0]![0]).toBe('Received (UTC)');

    const bad = await download(exportCustomers, '/api/exports/customers?status=sleeping');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
  });

  it('shipments: the ticked ones only (numbers), newest first, formula-safe; with filters too, 422 on numbers', async () => {
    const db = await getDb();
    await db.execute(`INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address,
                        origin, destination)
                      VALUES ('NECPICKED001', 'processing', '+SUM(A1)', 'R', 'A', 'Lima, Peru', 'Cusco, Peru'),
                             ('NECPICKED002', 'on_hold', 'S', 'R', 'A', 'Lima, Peru', 'Cusco, Peru'),
                             ('NECPICKED003', 'on_hold', 'S', 'R', 'A', 'Lima, Peru', 'Cusco, Peru')`);
    const answer = await download(exportShipments, '/api/exports/shipments?numbers=necpicked001,NECPICKED003');
    expect(answer.status).toBe(200);
    const [, ...rows] = records(answer.body);
    expect(rows.map((row) => row[0])).toEqual(['NECPICKED003', 'NECPICKED001']);
    expect(rows[1]![4]).toBe("'+SUM(A1)");

    const both = await download(exportShipments, '/api/exports/shipments?numbers=NECPICKED001&status=on_hold');
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['numbers']);
    const bad = await download(exportShipments, '/api/exports/shipments?numbers=NECPICKED001,nope');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['numbers.1']);
  });
});
