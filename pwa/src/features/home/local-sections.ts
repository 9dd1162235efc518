/**
 * The home sections that read the local database. home-page.tsx imports them lazily, so Dexie
 * and the sync code load after the first screen (hero, popular policies) has rendered.
 */
export { FaqSection } from './faq-section.tsx';
export { LatestBlogs } from './latest-blogs.tsx';
export { MeetOurAgents } from './meet-our-agents.tsx';
