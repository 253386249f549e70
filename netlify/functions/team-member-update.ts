import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { changeMember, memberReads } from '../lib/team';

/** An admin changes a member's role or status; the last active admin keeps theirs (409). */
export default defineHandler(
  on(teamApi.updateMember)(({ db, user, body, results }) => success(changeMember(db, results[0], body, user)), {
    reads: ({ params }) => memberReads(params.memberId),
  }),
);

export const config: Config = { path: '/api/team/members/:memberId' };
