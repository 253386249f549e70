import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { listTeam } from '../lib/team';

/** The Team screen: every staff account and every pending invitation. */
export default defineHandler(on(teamApi.list)(({ db }) => success(listTeam(db))));

export const config: Config = { path: '/api/team' };
