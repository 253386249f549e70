import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { listPickups } from '../lib/pickups';

/** The dispatchers' queue: the pickups of a day or of a run, with the drivers they may go to. */
export default defineHandler(on(pickupsApi.list)(({ db, query }) => success(listPickups(db, query))));

export const config: Config = { path: '/api/pickups/queue' };
