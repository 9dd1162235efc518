/** About (/about): mission, vision and the three core values of spec section 2. */
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title.ts';
import './about.css';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';

const coreValues: { name: MessageId; text: MessageId }[] = [
  { name: 'about.integrity', text: 'about.integrityText' },
  { name: 'about.customerFirst', text: 'about.customerFirstText' },
  { name: 'about.innovation', text: 'about.innovationText' },
];

export function AboutPage() {
  usePageTitle(t('title.about'));
  return (
    <section className="container about">
      <h1>{t('about.heading')}</h1>
      <p className="about__lead">
        {t('about.lead')}
      </p>
      <div className="about__pair">
        <section aria-labelledby="mission-heading" className="about__panel">
          <h2 id="mission-heading">{t('about.mission')}</h2>
          <p>
            {t('about.missionText')}
          </p>
        </section>
        <section aria-labelledby="vision-heading" className="about__panel">
          <h2 id="vision-heading">{t('about.vision')}</h2>
          <p>
            {t('about.visionText')}
          </p>
        </section>
      </div>
      <section aria-labelledby="values-heading">
        <h2 id="values-heading">{t('about.values')}</h2>
        <ul className="about__values">
          {coreValues.map((value) => (
            <li key={value.name} className="about__value">
              <h3>{t(value.name)}</h3>
              <p>{t(value.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link className="button" to="/contact">{t('about.contact')}</Link>
      </p>
    </section>
  );
}
