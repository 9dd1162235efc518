/**
 * Offline sync for the PWA: pull what changed since a cursor, push queued writes.
 *
 * A cursor is the server version a pull reached, tagged with whose view it was taken in
 * (`<version>.<scope>`, scope = 'public' or '<role>-<user id>'). A cursor from another view
 * (a visitor who signed in, a user who became an agent, another account on the device) does
 * not fit what the caller may see now, so the pull starts over from 0 and says `reset: true`:
 * the client then drops what it holds and keeps what arrives. A bare number is taken as is.
 *
 * The cursor also names the sync clock's epoch (`<version>.<scope>.<epoch>`, migration 0060).
 * A cursor of another epoch (taken before a restore from a backup, whose copy has a new epoch,
 * or on another server), or one ahead of the clock (a restore that kept the epoch, as a D1
 * time-travel restore does), belongs to a line of versions this database does not have: its
 * number says nothing about what the client holds, so the pull starts over (`reset: true`).
 *
 * A signed-in caller's pages also carry `account` (id, email, name, role, photoURL, as
 * GET /auth/me gives them), read with the session at no extra query.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access.ts';
import { applyPush, pushInput } from '../commands/push.ts';
import { readDelta, type Viewer } from '../db/sync.ts';
import { pullShapes, type PulledChanges } from './sync-shapes.ts';
import { countParam } from '../lists/paging.ts';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { validate } from '../http/validation.ts';

const defaultLimit = 500;
const maxLimit = 1000;

const pullQuery = z.object({
  since: z
    .string()
    .trim()
    .max(200, 'That cursor is not valid')
    .regex(/^\d{1,15}(\.[A-Za-z0-9_-]{1,120}(\.[A-Za-z0-9_-]{1,64})?)?$/, 'That cursor is not valid: use the cursor of an earlier pull, or 0')
    .optional(),
  limit: countParam('limit', maxLimit),
});

const day = 86_400_000;
/** How long an admin's or agent's device keeps decided applications (decisions 0030 and 0060). */
export const adminKeepsDecisionsFor = 30 * day;
const adminWindow = 7 * day;

/**
 * An admin's and an agent's view is also tagged with the week it was taken in: within a week
 * the set of applications they hold only grows (new ones, new decisions) or loses deleted rows,
 * which tombstones cover. When the week turns, the cursor no longer fits, the pull starts over,
 * and decisions older than the kept window drop off the device.
 */
function viewOf(user: SessionUser | null, now: Date): { scope: string; viewer: Viewer } {
  if (!user) return { scope: 'public', viewer: null };
  const viewer: Viewer = { id: user.id, email: user.email, role: user.role };
  if (user.role === 'user') return { scope: `user-${user.id}`, viewer };
  // Agents too (decision 0060): their claims in flight and a month of their decisions.
  const week = Math.floor(now.getTime() / adminWindow);
  viewer.decidedSince = new Date(week * adminWindow - adminKeepsDecisionsFor).toISOString();
  return { scope: `${user.role}-${user.id}-w${week}`, viewer };
}

function parseCursor(cursor: string | undefined, scope: string): { since: number; reset: boolean; epoch?: string } {
  if (!cursor) return { since: 0, reset: false };
  const [version = '0', cursorScope, epoch] = cursor.split('.', 3);
  const since = Number(version);
  if (cursorScope !== undefined && cursorScope !== scope) return { since: 0, reset: since > 0 };
  return { since, reset: false, epoch };
}

export const syncRoutes = new Hono<AppEnv>()
  .get('/', validate('query', pullQuery), async (c) => {
    const user = c.var.user;
    const { since: cursor, limit = defaultLimit } = c.req.valid('query');
    const { scope, viewer } = viewOf(user, c.var.deps.clock());
    const parsed = parseCursor(cursor, scope);
    let reset = parsed.reset;
    const shapes = pullShapes(c.var.deps.config.serviceRequestWorkingDays);
    let page = await readDelta(c.var.deps, viewer, parsed.since, limit, shapes);
    const unknownLine = (parsed.epoch !== undefined && parsed.epoch !== page.epoch) || parsed.since > page.clock;
    if (parsed.since > 0 && unknownLine) {
      // Checked on the page already read: the usual pull costs no extra query.
      page = await readDelta(c.var.deps, viewer, 0, limit, shapes);
      reset = true;
    }
    c.header('Cache-Control', 'no-store');
    // The account as the server has it now (role above all): the client follows a role an admin
    // changed from its pulls alone, with no GET /auth/me of its own (pwa/src/lib/follow-account.ts).
    const account = user && { id: user.id, email: user.email, name: user.name, role: user.role, photoURL: user.photoUrl, language: user.language ?? null };
    return c.json({ cursor: `${page.version}.${scope}.${page.epoch}`, hasMore: page.hasMore, reset, changes: page.changes as PulledChanges, ...(account && { account }) }, 200);
  })
  .post('/push', validate('json', pushInput), async (c) => {
    const user = currentUser(c);
    const results = await applyPush(c.var.deps, user, c.req.valid('json'));
    return c.json({ results }, 200);
  });
