/**
 * The rotating hero (spec sections 2 and 9): three slides, a new one every 5000 ms with a
 * 1 s fade, 80vh tall. Rotation stops while the pointer or keyboard focus is on it, when the
 * user pauses it, and entirely under prefers-reduced-motion. Only the visible slide is
 * exposed to assistive technology and to the keyboard (the others are inert).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useReducedMotion } from '../../components/use-reduced-motion.ts';

export const slideIntervalMs = 5000;

const slides = [
  {
    heading: 'Secure Your Tomorrow Today',
    tagline: 'Life cover that keeps your family’s plans on track, whatever tomorrow brings.',
    image: 'secure-tomorrow',
  },
  {
    heading: 'Protect What Matters Most',
    tagline: 'Plans for your children’s education, your parents’ care and your own future.',
    image: 'protect-what-matters',
  },
  {
    heading: 'Peace of Mind is Priceless',
    tagline: 'Clear terms, honest premiums and an agent who answers when you call.',
    image: 'peace-of-mind',
  },
] as const;

export function Hero() {
  const [current, setCurrent] = useState(0);
  // Pictures are fetched for slides shown so far and the next one only, so a first visit stays small.
  const [reach, setReach] = useState(0);
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
      aria-label="Highlights"
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
            aria-label={pausedByUser ? 'Start slide rotation' : 'Stop slide rotation'}
          >
            <span aria-hidden="true">{pausedByUser ? '▶' : '❚❚'}</span>
          </button>
        )}
        <button type="button" className="hero__control" onClick={() => goTo(current - 1)} aria-label="Previous slide">
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="hero__dots">
          {slides.map((slide, index) => (
            <li key={slide.image}>
              <button
                type="button"
                className="hero__dot"
                aria-label={`Slide ${index + 1}: ${slide.heading}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="hero__control" onClick={() => goTo(current + 1)} aria-label="Next slide">
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
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={!visible}
              inert={!visible}
            >
              {index <= reach + 1 && (
                <img
                  className="hero__image"
                  srcSet={`/demo/hero/${slide.image}-small.webp 640w, /demo/hero/${slide.image}.webp 1280w`}
                  sizes="100vw"
                  src={`/demo/hero/${slide.image}-small.webp`}
                  alt=""
                  width={1280}
                  height={640}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  decoding="async"
                />
              )}
              <div className="hero__content container">
                <h2 className="hero__heading">{slide.heading}</h2>
                <p className="hero__tagline">{slide.tagline}</p>
                <Link className="button hero__cta" to="/get-quote">Get a Free Quote</Link>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
