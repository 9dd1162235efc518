/** Home (spec section 2): hero, popular policies, latest blogs, newsletter, agents, FAQ, in that order. */
import { usePageTitle } from '../../components/use-page-title.ts';
import { FaqSection } from './faq-section.tsx';
import { Hero } from './hero.tsx';
import { LatestBlogs } from './latest-blogs.tsx';
import { MeetOurAgents } from './meet-our-agents.tsx';
import { Newsletter } from './newsletter.tsx';
import { PopularPolicies } from './popular-policies.tsx';
import './home.css';
import { t } from '../../lib/i18n/runtime.ts';

// Every section renders (and hydrates) from the data the page was prerendered with; the ones
// that read the local copy switch to it once the database code has loaded after the page
// settled (lib/use-local-query.ts), so nothing here waits for Dexie or the sync engine.
export function HomePage() {
  usePageTitle(t('title.home'));
  return (
    <>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <Hero />
      <PopularPolicies />
      <LatestBlogs />
      <Newsletter />
      <MeetOurAgents />
      <FaqSection />
    </>
  );
}
