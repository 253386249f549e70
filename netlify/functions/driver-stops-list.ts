import type { Config } from '@netlify/functions';
import { driverApi } from '@/lib/api/driver';
import { listDriverStops } from '../lib/driver-stops';
import { defineHandler, on, success } from '../lib/handler';

/** The driver's phone screen: today's stops of the signed-in driver, in run order. */
export default defineHandler(on(driverApi.stops)(({ db, user }) => success(listDriverStops(db, user.id))));

export const config: Config = { path: '/api/driver/stops' };
