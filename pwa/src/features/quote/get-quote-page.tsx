/**
 * The premium estimator (/get-quote): the spec's formula (premium.ts), no network at all.
 * Continuing to /policy-apply-from carries the monthly premium (and the policy, when the
 * visitor came from one) in the navigation state.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { durationChoices, estimatePremium, formatTaka, type PremiumBreakdown, type QuoteInput } from './premium.ts';
import './quote.css';
import { t } from '../../lib/i18n/runtime.ts';

interface QuoteForm {
  age: string;
  coverage: string;
  duration: string;
  gender: string;
  smoker: string;
}

type QuoteErrors = Partial<Record<'age' | 'coverage' | 'duration', string>>;

interface ArrivedFrom {
  policyId?: string;
  policyTitle?: string;
}

const emptyForm: QuoteForm = { age: '', coverage: '', duration: '', gender: 'Male', smoker: 'No' };

function validate(form: QuoteForm): { input?: QuoteInput; errors: QuoteErrors } {
  const errors: QuoteErrors = {};
  const age = Number(form.age);
  const coverage = Number(form.coverage);
  const duration = Number(form.duration);
  if (form.age.trim() === '') errors.age = 'Age is required';
  else if (!Number.isFinite(age) || age < 1 || age > 120) errors.age = 'Age must be a number between 1 and 120';
  if (form.coverage.trim() === '') errors.coverage = 'Coverage is required';
  else if (!Number.isFinite(coverage) || coverage <= 0) errors.coverage = 'Coverage must be a number greater than 0';
  if (form.duration === '') errors.duration = 'Duration is required';
  else if (!Number.isFinite(duration) || duration <= 0) errors.duration = 'Duration must be a number of years';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input: { age, coverage, duration, gender: form.gender, smoker: form.smoker } };
}

const factor = (value: number) => `× ${Number(value.toFixed(4))}`;

export function GetQuotePage() {
  usePageTitle(t('title.quote'));
  useMoneyFont();
  const navigate = useNavigate();
  const arrived = (useLocation().state ?? {}) as ArrivedFrom;
  const [form, setForm] = useState<QuoteForm>(emptyForm);
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [result, setResult] = useState<{ input: QuoteInput; premium: PremiumBreakdown } | null>(null);
  const id = useId();

  const update = (field: keyof QuoteForm) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setResult(null);
  };

  function calculate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(form);
    setErrors(checked.errors);
    if (!checked.input) {
      const first = (['age', 'coverage', 'duration'] as const).find((f) => checked.errors[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      setResult(null);
      return;
    }
    setResult({ input: checked.input, premium: estimatePremium(checked.input) });
  }

  function apply() {
    if (!result) return;
    navigate('/policy-apply-from', {
      state: {
        estimatedPremium: Math.round(result.premium.monthly * 100) / 100,
        ...(arrived.policyId ? { policyId: arrived.policyId, policyTitle: arrived.policyTitle } : {}),
      },
    });
  }

  const fieldProps = (field: 'age' | 'coverage' | 'duration') => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: 'age' | 'coverage' | 'duration') =>
    errors[field] ? <p className="field__error" id={`${id}-${field}-error`}>{errors[field]}</p> : null;

  return (
    <section className="container quote">
      <h1>Get a Free Quote</h1>
      <p className="quote__intro">
        Estimate your premium in seconds. It works offline, and nothing you enter leaves your device.
        {arrived.policyTitle && (
          <>
            {' '}You are getting a quote for <strong>{arrived.policyTitle}</strong>.
          </>
        )}
      </p>
      <div className="quote__layout">
        <form className="quote__form" noValidate onSubmit={calculate}>
          <div className="field">
            <label htmlFor={`${id}-age`}>Age</label>
            <input {...fieldProps('age')} type="number" inputMode="numeric" min={1} max={120} value={form.age} onChange={update('age')} />
            {fieldError('age')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-coverage`}>Coverage amount (৳)</label>
            <input
              {...fieldProps('coverage')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1000}
              placeholder="e.g. 500000"
              value={form.coverage}
              onChange={update('coverage')}
            />
            {fieldError('coverage')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-duration`}>Duration (years)</label>
            <select {...fieldProps('duration')} value={form.duration} onChange={update('duration')}>
              <option value="">Choose a term</option>
              {durationChoices.map((years) => (
                <option key={years} value={years}>{years} years</option>
              ))}
            </select>
            {fieldError('duration')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-gender`}>Gender</label>
            <select id={`${id}-gender`} value={form.gender} onChange={update('gender')}>
              <option value="Male">Male</option>
              <option value="Female">Female</option>
              <option value="Other">Other</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-smoker`}>Do you smoke?</label>
            <select id={`${id}-smoker`} value={form.smoker} onChange={update('smoker')}>
              <option value="No">No</option>
              <option value="Yes">Yes</option>
            </select>
          </div>
          <button type="submit" className="button">Calculate Premium</button>
        </form>

        <div className="quote__result" aria-live="polite">
          {result ? (
            <section aria-labelledby={`${id}-result`}>
              <h2 id={`${id}-result`}>Your estimate</h2>
              <dl className="quote__totals">
                <div>
                  <dt>Annual premium</dt>
                  <dd>{formatTaka(result.premium.annual)}</dd>
                </div>
                <div>
                  <dt>Monthly premium</dt>
                  <dd>{formatTaka(result.premium.monthly)}</dd>
                </div>
              </dl>
              <h3>How we worked it out</h3>
              <table className="quote__breakdown">
                <caption className="visually-hidden">Premium breakdown</caption>
                <tbody>
                  <tr>
                    <th scope="row">Coverage in lakh (÷ 100,000)</th>
                    <td>{Number(result.premium.coverageInLakh.toFixed(4))}</td>
                  </tr>
                  <tr>
                    <th scope="row">Base rate</th>
                    <td>× 5</td>
                  </tr>
                  <tr>
                    <th scope="row">Age factor (age {result.input.age})</th>
                    <td>{factor(result.premium.ageFactor)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Gender factor ({result.input.gender})</th>
                    <td>{factor(result.premium.genderFactor)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Smoker factor ({result.input.smoker === 'Yes' ? 'smoker' : 'non-smoker'})</th>
                    <td>{factor(result.premium.smokerFactor)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Duration factor ({result.input.duration} years ÷ 10)</th>
                    <td>{factor(result.premium.durationFactor)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Divided by</th>
                    <td>÷ 10</td>
                  </tr>
                  <tr>
                    <th scope="row">Annual premium</th>
                    <td>{formatTaka(result.premium.annual)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Monthly premium (annual ÷ 12)</th>
                    <td>{formatTaka(result.premium.monthly)}</td>
                  </tr>
                </tbody>
              </table>
              <button type="button" className="button" onClick={apply}>Apply for Policy</button>
            </section>
          ) : (
            <p className="quote__placeholder">Fill in the form and choose Calculate Premium to see your annual and monthly premium.</p>
          )}
        </div>
      </div>
    </section>
  );
}
