/** Home (spec section 2): hero, popular policies, latest blogs, newsletter, agents, FAQ, in that order. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { Hero } from './hero.tsx';
import { Newsletter } from './newsletter.tsx';
import { PopularPolicies } from './popular-policies.tsx';
import './home.css';

// One chunk for the three local-data sections (with Dexie behind it), fetched after first render.
const localSections = () => import('./local-sections.ts');
const LatestBlogs = lazy(() => localSections().then((m) => ({ default: m.LatestBlogs })));
const MeetOurAgents = lazy(() => localSections().then((m) => ({ default: m.MeetOurAgents })));
const FaqSection = lazy(() => localSections().then((m) => ({ default: m.FaqSection })));

export function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <h1 className="visually-hidden">LifeSure Insurance</h1>
      <Hero />
      <PopularPolicies />
      <Suspense
        fallback={
          <SectionLoading className="home-section home-section--tinted" headingId="blogs-heading" title="Latest Blogs" inner>
            <LoadingState>Loading blogs...</LoadingState>
            <p className="home-section__more">
              <Link className="button button--secondary" to="/blogs">More Blogs</Link>
            </p>
          </SectionLoading>
        }
      >
        <LatestBlogs />
      </Suspense>
      <Newsletter />
      <Suspense
        fallback={
          <SectionLoading className="home-section container" headingId="agents-heading" title="Meet Our Agents">
            <LoadingState>Loading agents...</LoadingState>
          </SectionLoading>
        }
      >
        <MeetOurAgents />
      </Suspense>
      <Suspense
        fallback={
          <SectionLoading className="home-section container faq" headingId="faq-heading" title="Frequently Asked Questions">
            <LoadingState>Loading questions...</LoadingState>
          </SectionLoading>
        }
      >
        <FaqSection />
      </Suspense>
    </>
  );
}

interface SectionLoadingProps {
  className: string;
  headingId: string;
  title: string;
  /** The section's content sits in an inner .container (the tinted, full-width sections). */
  inner?: boolean;
  children: ReactNode;
}

/** A section's frame and its own loading text, the same as the section shows while its data loads. */
function SectionLoading({ className, headingId, title, inner = false, children }: SectionLoadingProps) {
  const content = (
    <>
      <h2 id={headingId} className="home-section__title">{title}</h2>
      {children}
    </>
  );
  return (
    <section className={className} aria-labelledby={headingId}>
      {inner ? <div className="container">{content}</div> : content}
    </section>
  );
}
