import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { listDriverPickups } from '../lib/pickups';

/** The driver's phone screen: today's pickups on the signed-in driver's run. */
export default defineHandler(on(pickupsApi.driverList)(({ db, user }) => success(listDriverPickups(db, user.id))));

export const config: Config = { path: '/api/driver/pickups' };
