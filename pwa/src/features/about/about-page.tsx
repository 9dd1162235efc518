/** About (/about): mission, vision and the three core values of spec section 2. */
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title.ts';
import './about.css';
import { t } from '../../lib/i18n/runtime.ts';

const coreValues = [
  {
    name: 'Integrity',
    text: 'We say what a policy covers and what it does not, in plain words, before you sign. Claims are decided on the terms you bought, nothing else.',
  },
  {
    name: 'Customer First',
    text: 'Every plan, form and phone call is judged by one question: does it make life easier for the family we serve?',
  },
  {
    name: 'Innovation',
    text: 'From premium estimates that work offline to applications you can send from a village with one bar of signal, we build for how people really live.',
  },
];

export function AboutPage() {
  usePageTitle(t('title.about'));
  return (
    <section className="container about">
      <h1>About LifeSure Insurance</h1>
      <p className="about__lead">
        LifeSure helps families across Bangladesh protect their income, their children’s education and their later years, with
        policies that are simple to understand and agents who stay with you after the sale.
      </p>
      <div className="about__pair">
        <section aria-labelledby="mission-heading" className="about__panel">
          <h2 id="mission-heading">Our Mission</h2>
          <p>
            To make dependable life cover affordable and easy to buy for every household, whether you live in Dhaka or in a
            village far from the nearest branch.
          </p>
        </section>
        <section aria-labelledby="vision-heading" className="about__panel">
          <h2 id="vision-heading">Our Vision</h2>
          <p>
            A country where no family loses its home, its savings or its children’s schooling because the person who provided
            for them is gone.
          </p>
        </section>
      </div>
      <section aria-labelledby="values-heading">
        <h2 id="values-heading">Our Core Values</h2>
        <ul className="about__values">
          {coreValues.map((value) => (
            <li key={value.name} className="about__value">
              <h3>{value.name}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link className="button" to="/contact">Contact Us</Link>
      </p>
    </section>
  );
}
