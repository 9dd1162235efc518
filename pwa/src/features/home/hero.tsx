/**
 * The rotating hero (spec sections 2 and 9): three slides, a new one every 5000 ms with a
 * 1 s fade, 80vh tall. Rotation stops while the pointer or keyboard focus is on it, when the
 * user pauses it, and entirely under prefers-reduced-motion. Only the visible slide is
 * exposed to assistive technology and to the keyboard (the others are inert).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useReducedMotion } from '../../components/use-reduced-motion.ts';
import { t, type MessageId } from '../../lib/i18n/runtime.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { savingData } from '../../lib/save-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

export const slideIntervalMs = 5000;

const slides: readonly { heading: MessageId; tagline: MessageId; image: string }[] = [
  { heading: 'hero.secure', tagline: 'hero.secureTagline', image: 'secure-tomorrow' },
  { heading: 'hero.protect', tagline: 'hero.protectTagline', image: 'protect-what-matters' },
  { heading: 'hero.peace', tagline: 'hero.peaceTagline', image: 'peace-of-mind' },
];

export function Hero() {
  const [current, setCurrent] = useState(0);
  // Pictures are fetched for slides shown so far and the next one only, so a first visit stays small;
  // the next one only once the page is interactive (not in the prerendered HTML), and never when
  // the device saves data (lib/save-data.ts): then a slide's picture comes when it is shown.
  const [reach, setReach] = useState(0);
  const hydrated = useHydrated();
  const ahead = hydrated && !savingData() ? 1 : 0;
  const [pausedByUser, setPausedByUser] = useState(false);
  // Pressing Start means "rotate now", even though the pointer and focus are on the hero.
  const [startedByUser, setStartedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const rotating = !reducedMotion && !pausedByUser && (startedByUser || (!hovered && !focused));

  const goTo = (index: number) => {
    const next = (index + slides.length) % slides.length;
    setCurrent(next);
    setReach((r) => Math.max(r, next));
  };

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => {
      const next = (current + 1) % slides.length;
      setCurrent(next);
      setReach((r) => Math.max(r, next));
    }, slideIntervalMs);
    return () => window.clearTimeout(timer);
  }, [current, rotating]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero__controls">
        {!reducedMotion && (
          <button
            type="button"
            className="hero__control hero__control--rotation"
            onClick={() => {
              setStartedByUser(pausedByUser);
              setPausedByUser(!pausedByUser);
            }}
            aria-label={pausedByUser ? t('hero.start') : t('hero.stop')}
          >
            <span aria-hidden="true">{pausedByUser ? '▶' : '❚❚'}</span>
          </button>
        )}
        <button type="button" className="hero__control" onClick={() => goTo(current - 1)} aria-label={t('hero.previous')}>
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="hero__dots">
          {slides.map((slide, index) => (
            <li key={slide.image}>
              <button
                type="button"
                className="hero__dot"
                aria-label={t('hero.dot', { number: formatNumber(index + 1), heading: t(slide.heading) })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="hero__control" onClick={() => goTo(current + 1)} aria-label={t('hero.next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="hero__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const visible = index === current;
          return (
            <div
              key={slide.image}
              className={visible ? 'hero__slide hero__slide--current' : 'hero__slide'}
              role="group"
              aria-roledescription="slide"
              aria-label={t('hero.position', { number: formatNumber(index + 1), count: formatNumber(slides.length) })}
              aria-hidden={!visible}
              inert={!visible}
            >
              {index <= reach + ahead && (
                <img
                  className="hero__image"
                  srcSet={`/demo/hero/${slide.image}-small.webp 640w, /demo/hero/${slide.image}.webp 1280w`}
                  sizes="100vw"
                  src={`/demo/hero/${slide.image}-small.webp`}
                  alt=""
                  width={1280}
                  height={640}
                  // High, the first slide's picture is the home's largest paint: React's prerender then
                  // preloads it in the home's HTML itself. The HTML template does not: it is also the
                  // app shell of /login and the dashboards, whose visitors would pay for it.
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  decoding="async"
                />
              )}
              <div className="hero__content container">
                <h2 className="hero__heading">{t(slide.heading)}</h2>
                <p className="hero__tagline">{t(slide.tagline)}</p>
                <Link className="button hero__cta" to="/get-quote">{t('hero.cta')}</Link>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
