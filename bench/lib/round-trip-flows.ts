import type { Client } from '@libsql/client';
import { API } from '../../src/lib/api/endpoints';
import { signaturePng } from '../../tests/helpers/proof-stops';
import type { Send } from '../round-trips';
import { companyToday, insertSignInLink, insertStaff, mailedToken, pickupDay } from './round-trip-setup';

/**
 * The round-trip bench's calls of the team, the runs and the driver's screen, proofs, pickups and the
 * links emailed to staff: each on its happy path, its setup from earlier answers, from the outbox (the
 * link an email carries) or from rows written before the call is counted.
 */

/** The first part of a `Set-Cookie`: the cookie as the browser sends it back. */
export const cookieOf = (headers: Headers): string => String(headers.get('set-cookie')).split(';')[0] ?? '';

const BENCH_DRIVER = { email: 'bench.driver@nec-cargo.example', password: 'a bench driver signs in with this' };

/**
 * The team: the policy saved as it is (no role locked out of what follows), a driver invited, their link sent
 * again, read and accepted (the account the driver's calls use), another invitation revoked, a member's role
 * changed. Answers the new driver's session.
 */
export async function callTeam(db: Client, send: Send, cookie: string): Promise<{ driverCookie: string }> {
  const { team, auth } = API;
  await send(team.list, { cookie });
  const policy = await send(team.getTwoFactorPolicy, { cookie });
  await send(team.saveTwoFactorPolicy, { cookie, json: policy.body.data });

  const invited = await send(team.invite, { cookie, json: { email: BENCH_DRIVER.email, role: 'driver' } });
  await send(team.resendInvitation, {
    cookie,
    params: { invitationId: String(invited.body.data.id) },
    json: {},
  });
  const token = await mailedToken(db, 'staff_invitation', BENCH_DRIVER.email);
  await send(team.readInvitation, { json: { token } });
  const { password } = BENCH_DRIVER;
  await send(team.acceptInvitation, {
    json: { token, name: 'Bench Driver', password, confirm_password: password },
  });
  const withdrawn = await send(team.invite, {
    note: 'to revoke',
    cookie,
    json: { email: 'bench.withdrawn@nec-cargo.example', role: 'viewer' },
  });
  await send(team.revokeInvitation, {
    cookie,
    params: { invitationId: String(withdrawn.body.data.id) },
    json: {},
  });

  const memberId = await insertStaff(db, 'bench.viewer@nec-cargo.example', 'viewer');
  await send(team.updateMember, { cookie, params: { memberId: String(memberId) }, json: { role: 'dispatcher' } });

  const signedIn = await send(auth.login, { note: 'driver', json: BENCH_DRIVER });
  return { driverCookie: cookieOf(signedIn.headers) };
}

/**
 * Today's run: the driver's two stops assigned, read, reordered and one taken off; the recipient's request
 * (after the reveal at the start) and the exceptions queue; the driver's screen, their actions and the proof
 * of the stop, then the proof and its images as staff and as the recipient who revealed the shipment.
 */
export async function callRunsAndDriver(
  send: Send,
  sessions: { cookie: string; driverCookie: string; revealCookie: string },
  stops: { number: string; other: string },
): Promise<{ driverId: number }> {
  const { runs, exceptions, deliveryRequests, driver, proofs } = API;
  const { cookie, driverCookie, revealCookie } = sessions;
  const { number, other } = stops;
  const today = await send(runs.list, { cookie });
  const drivers = today.body.data.drivers as Array<{ id: number; email: string }>;
  const driverId = drivers.find((each) => each.email === BENCH_DRIVER.email)?.id;
  if (driverId === undefined) throw new Error('The invited driver is not among the runs of today');
  const run = await send(runs.assign, {
    cookie,
    json: { driver_id: driverId, run_date: today.body.data.today, tracking_numbers: [number, other] },
  });
  const runId = String(run.body.data.run.id);
  await send(runs.get, { cookie, params: { runId } });
  await send(runs.reorder, { cookie, params: { runId }, json: { tracking_numbers: [other, number] } });
  await send(runs.removeStop, { cookie, params: { trackingNumber: other }, json: {} });
  await send(runs.history, { cookie, params: { trackingNumber: number } });

  await send(deliveryRequests.create, {
    cookie: revealCookie,
    params: { trackingNumber: number },
    json: { kind: 'instructions', place: 'neighbour', details: 'Number 3, the blue door' },
  });
  await send(exceptions.list, { cookie });
  await send(exceptions.act, {
    cookie,
    params: { trackingNumber: number },
    json: { action_id: 'bench-call-noted-1', action: 'call_noted', note: 'Called the recipient' },
  });

  await send(driver.stops, { cookie: driverCookie });
  await send(driver.events, {
    cookie: driverCookie,
    json: {
      events: [
        {
          event_id: 'bench-driver-1',
          tracking_number: number,
          action: 'out_for_delivery',
          recorded_at: new Date().toISOString(),
        },
      ],
    },
  });
  const form = new FormData();
  form.set('event_id', 'bench-proof-1');
  form.set('recipient_name', 'Bench Recipient');
  form.set('signature', new Blob([signaturePng()], { type: 'image/png' }), 'signature.png');
  form.set('latitude', '40.4168');
  form.set('longitude', '-3.7038');
  form.set('accuracy', '12');
  form.set('delivered_at', new Date().toISOString());
  await send(proofs.record, { cookie: driverCookie, params: { trackingNumber: number }, form });
  await send(proofs.get, { cookie, params: { trackingNumber: number } });
  await send(proofs.image, { cookie, params: { trackingNumber: number, image: 'signature' } });
  await send(proofs.revealedImage, { cookie: revealCookie, params: { trackingNumber: number, image: 'signature' } });
  return { driverId };
}

/**
 * A pickup booked on the public form, read and moved from its emailed link, listed, put on the driver's run
 * and collected by the driver; another booked and cancelled from its link.
 */
export async function callPickups(
  db: Client,
  send: Send,
  sessions: { cookie: string; driverCookie: string },
  driverId: number,
): Promise<void> {
  const { pickups } = API;
  const { cookie, driverCookie } = sessions;
  const today = await companyToday(db);
  const booking = (email: string) => ({
    name: 'Bench Shipper',
    company: 'Bench Parcels Ltd',
    email,
    phone: '+1 916 555 0142',
    address: '12 Harbor Road',
    city: 'Sacramento',
    destination: 'Portland, United States',
    pickup_date: pickupDay(today),
    pickup_window: '09-12',
    pieces: 2,
    weight_kg: 12.5,
  });
  const shipper = 'bench.shipper@example.com';
  const booked = await send(pickups.create, { json: booking(shipper) });
  const token = await mailedToken(db, 'pickup_confirmed', shipper);
  await send(pickups.read, { json: { token } });
  const moved = await send(pickups.move, {
    json: { token, pickup_date: pickupDay(today, 1), pickup_window: '12-15' },
  });
  await send(pickups.list, { cookie, query: `?date=${moved.body.data.pickup_date}` });
  const id = String(booked.body.data.id);
  await send(pickups.assign, { cookie, params: { id }, json: { driver_id: driverId } });
  await send(pickups.driverList, { cookie: driverCookie });
  await send(pickups.complete, { note: 'driver', cookie: driverCookie, params: { id }, json: {} });

  const cancelling = 'bench.canceller@example.com';
  await send(pickups.create, { note: 'another, to cancel', json: booking(cancelling) });
  await send(pickups.cancel, { json: { token: await mailedToken(db, 'pickup_confirmed', cancelling) } });
}

/**
 * The links emailed to staff: a password reset asked for, checked and used (by a member of their own: the
 * reset ends every session of the account), and a one-time sign-in link (made as the sign-in makes one when
 * strangers fill an account's budget) used by the admin.
 */
export async function callStaffLinks(db: Client, send: Send, admin: string): Promise<void> {
  const { auth } = API;
  const member = 'bench.viewer@nec-cargo.example';
  await send(auth.passwordForgot, { json: { email: member } });
  const token = await mailedToken(db, 'password_reset', member);
  await send(auth.passwordResetCheck, { json: { token } });
  const password = 'a new passphrase from the reset link';
  await send(auth.passwordReset, { json: { token, new_password: password, confirm_password: password } });

  const link = 'bench-sign-in-link-token-for-the-admin';
  await insertSignInLink(db, admin, link);
  await send(auth.loginLink, { json: { token: link } });
}
