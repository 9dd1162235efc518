/**
 * Fills an empty database with the demo: a catalogue of policies, blog posts, approved
 * agents (each made one by the admin's recorded approval), one account per role and two
 * applications of the demo user; then, unless asked for the catalogue only, 60 days of
 * activity (demo-activity.ts) so every role's screens have something to show.
 * Seeding never overwrites data: if any policy or user exists, it does nothing.
 * The one entry point, for the Node start and for seeding D1 alike.
 */
import type { CompiledQuery } from 'kysely';
import { hashPassword } from '../auth/password.ts';
import { demoPaymentProvider } from '../payments/demo-provider.ts';
import type { AppDeps } from '../http/env.ts';
import { defaultApplicationLimits, defaultClaimSettings, type ApplicationLimitSettings } from '../http/config.ts';
import { defaultGraceDays, defaultRevivalDays } from '../schemas/premium-schedule.ts';
import { newId } from '../lib/ids.ts';
import { demoBlogs } from './demo-blogs.ts';
import { seedDemoClaims } from './demo-claims.ts';
import { demoAccounts, demoAgents } from './demo-people.ts';
import { demoPolicies } from './demo-policies.ts';
import { demoCustomerRows, seedDemoActivity, seedDemoAgentRequests, seedDemoUserApplications } from './demo-activity.ts';
import { agentRequestRow, blogRow, policyRow, userRow } from './factories.ts';
import { demoPoliciesBangla } from './demo-policies-bangla.ts';
import { seedDemoPremiums } from './demo-premiums.ts';

const day = 86_400_000;

/** Where the demo's pictures live in the built PWA (pwa/public/demo, made by scripts/make-demo-images.ts). */
export const demoImage = {
  policy: (slug: string) => `/demo/policies/${slug}.webp`,
  agent: (slug: string) => `/demo/agents/${slug}.webp`,
  blog: (slug: string) => `/demo/blogs/${slug}.webp`,
};

export interface SeedOptions {
  /** The demo accounts' password. */
  password: string;
  /**
   * 'full' (default): the catalogue and 60 days of activity. 'catalogue': accounts, policies,
   * blogs, agents and the demo user's two applications only (for tests that count their own).
   */
  content?: 'full' | 'catalogue';
}

/** Returns true when it seeded, false when the database already had data. */
export async function seedDemo(
  deps: Pick<AppDeps, 'db' | 'batch' | 'clock'> & { config?: ApplicationLimitSettings; images?: AppDeps['images'] },
  options: SeedOptions,
): Promise<boolean> {
  const { db, batch } = deps;
  const existing = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('policies').select('id')).as('has_policies'),
      eb.exists(eb.selectFrom('users').select('id')).as('has_users'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(existing.has_policies) || Number(existing.has_users)) return false;

  const now = deps.clock().getTime();
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  const queries: CompiledQuery[] = [];

  // Accounts: each demo account gets its own salted hash (scrypt is slow on purpose, so one each).
  const hashes = new Map<string, string>();
  for (const account of demoAccounts) hashes.set(account.email, await hashPassword(options.password));

  const users = new Map<string, { id: string; email: string; name: string }>();
  // Agents start as users with a waiting request; the admin's approval (below, recorded in the
  // audit log) makes each of them an agent.
  const agentRequests: { user: { id: string; email: string; name: string }; requestId: string; joinedDaysAgo: number }[] = [];
  demoAgents.forEach((agent, i) => {
    const joined = at((200 - i * 15) * day);
    const requestId = newId();
    const user = userRow({
      id: newId(),
      email: agent.email,
      name: agent.name,
      role: 'user',
      photo_url: demoImage.agent(agent.slug),
      phone: agent.phone,
      bio: agent.bio,
      password_hash: hashes.get(agent.email) ?? null,
      created_at: joined,
    });
    users.set(agent.email, { id: user.id, email: user.email, name: user.name });
    agentRequests.push({ user: { id: user.id, email: user.email, name: user.name }, requestId, joinedDaysAgo: 200 - i * 15 });
    queries.push(db.insertInto('users').values(user).compile());
    queries.push(
      db
        .insertInto('agent_requests')
        .values(
          agentRequestRow({
            id: requestId,
            user_id: user.id,
            name: agent.name,
            email: agent.email,
            phone: agent.phone,
            nid: agent.nid,
            district: agent.district,
            status: 'pending',
            created_at: at((205 - i * 15) * day),
            updated_at: at((205 - i * 15) * day),
          }),
        )
        .compile(),
    );
  });
  for (const account of demoAccounts) {
    if (users.has(account.email)) continue;
    const user = userRow({
      id: newId(),
      email: account.email,
      name: account.name,
      role: account.role,
      password_hash: hashes.get(account.email) ?? null,
      created_at: at(240 * day),
    });
    users.set(account.email, { id: user.id, email: user.email, name: user.name });
    queries.push(db.insertInto('users').values(user).compile());
  }

  // Policies, newest first in the list order, spread over the last four months or so.
  const policyIds = new Map<string, string>();
  demoPolicies.forEach((policy, i) => {
    const created = now - (i * 5 + 1) * day - (i % 4) * 3_600_000;
    // Stable ids: the build prerenders the demo's pages (scripts/prerender.ts) from its own copy
    // of the demo, and their links and data must name the same policies as the server's copy.
    const id = `demo-${policy.slug}`;
    policyIds.set(policy.slug, id);
    queries.push(
      db
        .insertInto('policies')
        .values(
          policyRow({
            id,
            title: policy.title,
            category: policy.category,
            description: policy.description,
            short_details: policy.shortDetails,
            title_bn: demoPoliciesBangla[policy.slug]?.title ?? null,
            short_details_bn: demoPoliciesBangla[policy.slug]?.shortDetails ?? null,
            description_bn: demoPoliciesBangla[policy.slug]?.description ?? null,
            min_age: policy.minAge,
            max_age: policy.maxAge,
            coverage_range: policy.coverageRange,
            duration: policy.duration,
            base_premium: policy.basePremium,
            image_url: demoImage.policy(policy.slug),
            creator_email: 'admin@demo.local',
            tracking_id: `TID-${created}${Math.floor(Math.random() * 1000)}`,
            creation_date: new Date(created).toISOString(),
          }),
        )
        .compile(),
    );
    queries.push(
      db
        .insertInto('policy_stats')
        .values({ policy_id: id, view_count: policy.views, application_count: policy.applications })
        .compile(),
    );
  });

  demoBlogs.forEach((blog, i) => {
    const author = users.get(blog.authorEmail);
    if (!author) throw new Error(`Demo blog "${blog.title}" names an unknown author ${blog.authorEmail}`);
    const published = at((i * 11 + 2) * day);
    queries.push(
      db
        .insertInto('blogs')
        .values(
          blogRow({
            // Stable, as the policies' ids above.
            id: `demo-${blog.slug}`,
            title: blog.title,
            content: blog.paragraphs.join('\n\n'),
            author_id: author.id,
            author_name: author.name,
            author_email: author.email,
            image_url: demoImage.blog(blog.slug),
            publish_date: published,
            updated_at: published,
          }),
        )
        .compile(),
    );
  });

  // The demo user and the plans of their own two applications (made below, by the commands).
  const customer = users.get('user@demo.local');
  const termPlan = demoPolicies.find((p) => p.category === 'Term Life');
  const childPlan = demoPolicies.find((p) => p.category === 'Child');

  const full = (options.content ?? 'full') === 'full';
  const customers = full ? demoCustomerRows(now) : [];
  for (const customer of customers) queries.push(db.insertInto('users').values(customer).compile());

  await batch(queries);

  const adminUser = users.get('admin@demo.local');
  if (!adminUser) throw new Error('The demo needs its admin account');
  const admin = { ...adminUser, role: 'admin' as const, photoUrl: null };
  await seedDemoAgentRequests(deps, { now, admin, agents: agentRequests, customers: full ? customers : [] });
  if (!customer || !termPlan || !childPlan) throw new Error('The demo needs its user and a Term Life and a Child plan');
  const planOf = (policy: (typeof demoPolicies)[number]) => ({
    id: policyIds.get(policy.slug) ?? '',
    title: policy.title,
    coverageRange: policy.coverageRange,
    duration: policy.duration,
    minAge: policy.minAge,
    maxAge: policy.maxAge,
  });
  const agents = agentRequests.map(({ user }) => ({ ...user, role: 'agent' as const, photoUrl: null }));
  // The commands take a payment provider (a rejected paid claim is refunded): the demo one,
  // which calls nothing outside; the demo's payments are recorded as demo payments.
  const commandDeps = { ...deps, payments: demoPaymentProvider(deps.db, deps.clock), config: deps.config ?? defaultApplicationLimits };
  // The demo user's dashboard: one application waiting for an admin, one with the demo agent.
  await seedDemoUserApplications(commandDeps, { now, admin, agents, demoUser: customer, customers: [], policies: [planOf(termPlan), planOf(childPlan)] });
  if (!full) return true;
  await seedDemoActivity(commandDeps, { now, admin, agents, demoUser: customer, customers, policies: demoPolicies.map(planOf) });
  // Premiums after the sale (issue 49): dues paid, some in grace for the demo agent, the demo user's three states.
  // Before the claims: a claim is refused for an event after its policy lapsed, so the dues paid must be there.
  if (agents[0]) await seedDemoPremiums(commandDeps, { now, demoUser: customer, demoAgent: agents[0] });
  // Insurance claims in every state (issue 31), on the policies in force the activity made.
  const premiums = { graceDays: defaultGraceDays, revivalDays: defaultRevivalDays };
  await seedDemoClaims({ ...commandDeps, config: { ...defaultClaimSettings, premiums, ...commandDeps.config } }, { now, admin, agents, demoUser: customer });
  return true;
}
