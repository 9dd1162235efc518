/**
 * The premium estimator (/get-quote): the spec's formula (premium.ts), no network at all.
 * Continuing to /policy-apply-from carries the monthly premium, the cover and answers it was
 * worked out with (and the policy, when the visitor came from one) in the navigation state.
 */
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { earlyAnswerSettled, earlyAnswerShown } from '../../lib/early-answer.ts';
import { submittedEarlyAttribute } from '../../lib/early-submit.ts';
import { durationChoices, estimatePremium, wholePoisha, type QuoteInput } from './premium.ts';
import { poishaToTaka } from 'edge-api/src/schemas/money.ts';
import './quote.css';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { currentLocale, t, type MessageId } from '../../lib/i18n/runtime.ts';
import { checkQuoteForm, type QuoteForm } from './quote-check.ts';
import { estimateFigures } from './estimate-figures.ts';
import { QuoteEstimate } from './quote-estimate.tsx';
import { genderLabelId, smokerLabelId } from './quote-labels.ts';
import { ageProblem, ageRangeText } from '../../components/age-eligibility.ts';

/** A message id, or a text already in the page's language (a policy's limit). */
type QuoteErrors = Partial<Record<'age' | 'coverage' | 'duration', MessageId | { text: string }>>;

/** What "Get a Quote" on a policy's page carries (issue 29): the policy and its limits. */
interface PolicyLimits {
  /** Poisha, as the catalogue sends it. */
  coverage: number;
  duration: number;
  minAge: number;
  maxAge: number;
}

interface ArrivedFrom extends Partial<PolicyLimits> {
  policyId?: string;
  policyTitle?: string;
}

const limitsOf = (arrived: ArrivedFrom): PolicyLimits | null =>
  typeof arrived.coverage === 'number' && typeof arrived.duration === 'number' && typeof arrived.minAge === 'number' && typeof arrived.maxAge === 'number'
    ? { coverage: arrived.coverage, duration: arrived.duration, minAge: arrived.minAge, maxAge: arrived.maxAge }
    : null;

const emptyForm: QuoteForm = { age: '', coverage: '', duration: '', gender: 'Male', smoker: 'No' };

function validate(form: QuoteForm, limits: PolicyLimits | null): { input?: QuoteInput; errors: QuoteErrors } {
  const { numbers, errors: own, input } = checkQuoteForm(form);
  const errors: QuoteErrors = { ...own };
  // From a policy: within its ages, its coverage and its term (the term's choices are already cut).
  if (limits && !errors.age) {
    const problem = ageProblem(numbers.age, limits);
    if (problem) errors.age = { text: problem };
  }
  if (limits && !errors.coverage && numbers.coverage > limits.coverage) {
    errors.coverage = { text: t('quote.coverageAtMost', { max: formatMoney(limits.coverage) }) };
  }
  if (limits && !errors.duration && numbers.duration > limits.duration) errors.duration = 'quote.durationYears';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input };
}

const messageOf = (error: MessageId | { text: string }) => (typeof error === 'string' ? t(error) : error.text);

const quoteFields = ['age', 'coverage', 'duration', 'gender', 'smoker'] as const;


/** The quote form, sent before the app had hydrated it (lib/early-submit.ts marks it). */
const sentEarlyForm = `.quote__form[${submittedEarlyAttribute}]`;

export function GetQuotePage() {
  usePageTitle(t('title.quote'));
  useMoneyFont();
  const navigate = useNavigate();
  // A reload keeps the navigation state, which the prerendered page was built without (#418).
  const hydrated = useHydrated();
  const location = useLocation();
  const arrived = ((hydrated && location.state) || {}) as ArrivedFrom;
  const [form, setForm] = useState<QuoteForm>(emptyForm);
  const [coverageTouched, setCoverageTouched] = useState(false);
  const [durationTouched, setDurationTouched] = useState(false);
  const limits = hydrated ? limitsOf(arrived) : null;
  // Until the person changes them, coverage and term are the policy's own.
  const shown: QuoteForm = {
    ...form,
    coverage: form.coverage || (limits && !coverageTouched ? String(poishaToTaka(limits.coverage)) : ''),
    duration: form.duration || (limits && !durationTouched ? String(limits.duration) : ''),
  };
  const [errors, setErrors] = useState<QuoteErrors>({});
  // The answers the estimate was worked out from (the figures follow from them).
  const [result, setResult] = useState<QuoteInput | null>(null);
  const id = useId();

  const update = (field: keyof QuoteForm) => (event: { target: { value: string } }) => {
    if (field === 'coverage') setCoverageTouched(true);
    if (field === 'duration') setDurationTouched(true);
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setResult(null);
  };

  function calculate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    answer();
  }

  function answer(values: QuoteForm = shown) {
    const checked = validate(values, limits);
    setErrors(checked.errors);
    if (!checked.input) {
      const first = (['age', 'coverage', 'duration'] as const).find((f) => checked.errors[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      setResult(null);
      return;
    }
    setResult(checked.input);
  }

  function apply() {
    if (!result) return;
    navigate('/policy-apply-from', {
      state: {
        estimatedPremium: wholePoisha(estimatePremium(result).monthly),
        // The cover and answers it was worked out with: the application records that cover (issue 48).
        quote: { coverage: result.coverage, gender: result.gender, smoker: result.smoker },
        ...(arrived.policyId ? { policyId: arrived.policyId, policyTitle: arrived.policyTitle } : {}),
      },
    });
  }

  const fieldOf = (field: keyof QuoteForm) => document.getElementById(`${id}-${field}`) as HTMLInputElement | HTMLSelectElement | null;
  const fieldValues = (): QuoteForm => ({ ...shown, ...Object.fromEntries(quoteFields.map((field) => [field, fieldOf(field)?.value ?? shown[field]])) });
  useTypedBeforeHydration(() =>
    quoteFields.map((field) => ({
      element: fieldOf(field),
      rendered: shown[field],
      onTyped: (value: string) => update(field)({ target: { value } }),
    })),
  );

  // Calculate was pressed before the app hydrated, and early-quote.ts answered it, or (the quote
  // page the home page carries, lib/early-page.ts, has no early quote) early-submit.ts marked the
  // form: the app answers it, from what the fields hold (their values reach its state just above).
  const [answeredEarly] = useState(() => typeof document !== 'undefined' && (earlyAnswerShown('quote') || document.querySelector(sentEarlyForm) !== null));
  const answerAsEarly = useEffectEvent(() => answer(fieldValues()));
  useEffect(() => {
    document.querySelector(sentEarlyForm)?.removeAttribute(submittedEarlyAttribute);
    if (answeredEarly) answerAsEarly();
  }, [answeredEarly]);
  // Shown: the estimate (or what is wrong) is on screen in place of the early one.
  useEffect(() => {
    if (answeredEarly && (result || Object.keys(errors).length > 0)) earlyAnswerSettled();
  }, [answeredEarly, result, errors]);

  const fieldProps = (field: 'age' | 'coverage' | 'duration') => ({
    id: `${id}-${field}`,
    // By name, early-quote.ts reads the fields before the app has hydrated.
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: 'age' | 'coverage' | 'duration') =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{messageOf(errors[field])}</p> : null;
  const terms = limits ? durationChoices.filter((term) => limits.duration >= term) : durationChoices;

  return (
    <section className="container quote">
      <h1>{t('quote.heading')}</h1>
      <p className="quote__intro">
        {t('quote.intro')}
        {arrived.policyTitle && <> {t('quote.forPolicy', { policy: arrived.policyTitle })}</>}
      </p>
      {limits && (
        <p className="quote__limits" role="note">
          {ageRangeText(limits)} {t('quote.fromPolicy')}
        </p>
      )}
      <div className="quote__layout">
        {/* method="dialog" outside a dialog submits nowhere: Calculate pressed on the prerendered
            page before the app has hydrated does nothing, instead of reloading the page and
            starting its download again on a slow phone (issue 32). */}
        <form className="quote__form" method="dialog" noValidate onSubmit={calculate}>
          <div className="field">
            <label htmlFor={`${id}-age`}>{t('quote.age')}</label>
            {/* Text, not number: a number field drops Bengali digits (০-৯) as they are typed. */}
            <input {...fieldProps('age')} type="text" inputMode="numeric" autoComplete="off" value={form.age} onChange={update('age')} />
            {fieldError('age')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-coverage`}>{t('quote.coverage')}</label>
            <input
              {...fieldProps('coverage')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('quote.coverageExample')}
              value={shown.coverage}
              onChange={update('coverage')}
            />
            {fieldError('coverage')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-duration`}>{t('quote.duration')}</label>
            <select {...fieldProps('duration')} value={shown.duration} onChange={update('duration')}>
              <option value="">{t('quote.chooseTerm')}</option>
              {terms.map((years) => (
                <option key={years} value={years}>{t('quote.years', { years: formatNumber(years) })}</option>
              ))}
            </select>
            {fieldError('duration')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-gender`}>{t('quote.gender')}</label>
            <select id={`${id}-gender`} name="gender" value={form.gender} onChange={update('gender')}>
              <option value="Male">{t('quote.male')}</option>
              <option value="Female">{t('quote.female')}</option>
              <option value="Other">{t('quote.other')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-smoker`}>{t('quote.smoke')}</label>
            <select id={`${id}-smoker`} name="smoker" value={form.smoker} onChange={update('smoker')}>
              <option value="No">{t('quote.no')}</option>
              <option value="Yes">{t('quote.yes')}</option>
            </select>
          </div>
          <button type="submit" className="button">{t('quote.calculate')}</button>
        </form>

        <div className="quote__result" aria-live="polite">
          {result ? (
            <QuoteEstimate
              headingId={`${id}-result`}
              figures={estimateFigures(result, currentLocale())}
              gender={t(genderLabelId(result.gender))}
              smoker={t(smokerLabelId(result.smoker))}
              onApply={apply}
            />
          ) : (
            <p className="quote__placeholder">{t('quote.placeholder')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
