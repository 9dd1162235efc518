/**
 * Fills an empty database with the demo: a catalogue of policies, blog posts, approved
 * agents, one account per role and a little activity, so every screen has something to show.
 * Seeding never overwrites data: if any policy or user exists, it does nothing.
 */
import type { CompiledQuery } from 'kysely';
import { hashPassword } from '../auth/password.ts';
import type { AppDeps } from '../env.ts';
import { newId } from '../lib/ids.ts';
import { demoBlogs } from './demo-blogs.ts';
import { demoAccounts, demoAgents } from './demo-people.ts';
import { demoPolicies } from './demo-policies.ts';
import { agentRequestRow, applicationRow, blogRow, policyRow, userRow } from './factories.ts';

const day = 86_400_000;

/** Where the demo's pictures live in the built PWA (pwa/public/demo, made by scripts/make-demo-images.ts). */
export const demoImage = {
  policy: (slug: string) => `/demo/policies/${slug}.webp`,
  agent: (slug: string) => `/demo/agents/${slug}.webp`,
  blog: (slug: string) => `/demo/blogs/${slug}.webp`,
};

/** Returns true when it seeded, false when the database already had data. */
export async function seedDemo(deps: Pick<AppDeps, 'db' | 'batch' | 'clock'>, options: { password: string }): Promise<boolean> {
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
  demoAgents.forEach((agent, i) => {
    const joined = at((200 - i * 15) * day);
    const user = userRow({
      id: newId(),
      email: agent.email,
      name: agent.name,
      role: 'agent',
      photo_url: demoImage.agent(agent.slug),
      phone: agent.phone,
      bio: agent.bio,
      password_hash: hashes.get(agent.email) ?? null,
      created_at: joined,
    });
    users.set(agent.email, { id: user.id, email: user.email, name: user.name });
    queries.push(db.insertInto('users').values(user).compile());
    // Every agent became one through a request that an admin approved.
    queries.push(
      db
        .insertInto('agent_requests')
        .values(
          agentRequestRow({
            id: newId(),
            user_id: user.id,
            name: agent.name,
            email: agent.email,
            phone: agent.phone,
            nid: agent.nid,
            district: agent.district,
            status: 'approved',
            created_at: at((205 - i * 15) * day),
            updated_at: joined,
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

  // The demo user's dashboard: one application waiting for an admin, one with the demo agent.
  const customer = users.get('user@demo.local');
  const termPlan = demoPolicies.find((p) => p.category === 'Term Life');
  const childPlan = demoPolicies.find((p) => p.category === 'Child');
  if (customer && termPlan && childPlan) {
    // Estimated premiums as the quote calculator gives them (spec 9) for a 34-year-old
    // non-smoking man: coverage in lakh x 5 x 1.5 (age) x 1.1 (male) x years / 10, / 10.
    const quoted = (coverage: number, years: number) =>
      Math.round(((coverage / 100_000) * 5 * 1.5 * 1.1 * (years / 10) * 100) / 10) / 100;
    const common = {
      address: 'House 27, Road 11, Mirpur DOHS, Dhaka 1216',
      nid: '1991267345810',
      phone: '+880 1715 662093',
      nominee_name: 'Salma Begum',
      relationship: 'Spouse',
    };
    queries.push(
      db
        .insertInto('applications')
        .values(
          applicationRow(customer, {
            ...common,
            id: newId(),
            health_conditions: JSON.stringify(['None of the Above']),
            estimated_premium: quoted(termPlan.coverageRange, termPlan.duration),
            policy_id: policyIds.get(termPlan.slug) ?? null,
            policy_name: termPlan.title,
            category: termPlan.category,
            status: 'pending',
            applied_at: at(2 * day),
          }),
        )
        .compile(),
      db
        .insertInto('applications')
        .values(
          applicationRow(customer, {
            ...common,
            id: newId(),
            health_conditions: JSON.stringify(['High Blood Pressure']),
            estimated_premium: quoted(childPlan.coverageRange, childPlan.duration),
            policy_id: policyIds.get(childPlan.slug) ?? null,
            policy_name: childPlan.title,
            category: childPlan.category,
            status: 'assigned',
            assigned_agent: 'agent@demo.local',
            assigned_at: at(4 * day),
            applied_at: at(9 * day),
          }),
        )
        .compile(),
    );
  }

  await batch(queries);
  return true;
}
