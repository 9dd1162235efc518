/**
 * What a person may do with a claim they are looking at (issue 31):
 * - the assigned agent, offline too: a note with evidence photos, send it back for a missing
 *   document, approve with an amount up to the coverage, reject with a reason (queued like
 *   today's decisions; the photos go up after their step);
 * - the claimant, when it was sent back: say what they added, with the photo of the paper (queued too);
 * - an admin, online: assign an agent (those of the claim's district suggested first) and record
 *   the payout of an approved claim. The product does not move the money: the screen says so.
 * The server holds every rule; these forms only spare a round trip.
 */
import { useState, type FormEvent } from 'react';
import { payoutMethods, type ClaimReviewInput, type PayoutMethod } from 'edge-api/src/schemas/claim.ts';
import { DocumentField } from '../../components/document-field.tsx';
import { useChosenDocuments } from '../../components/use-chosen-documents.ts';
import { showToast } from '../../components/toast.tsx';
import { ApiRequestError } from '../../lib/api-error.ts';
import type { Claim } from '../../lib/local-db.ts';
import type { SessionUser } from '../../lib/session.ts';
import { poishaToTaka } from 'edge-api/src/schemas/money.ts';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { assignClaimAgent, recordPayout, type SuggestedAgent } from './claims-api.ts';
import { ClaimPapersField } from './claim-papers-field.tsx';
import { methodLabel, poishaOf } from './claim-texts.ts';
import { districtLabel } from '../../components/district-label.ts';
import { resubmitClaim, reviewClaim, type StepOutcome } from './queue-claim.ts';
import { claimFailureText, claimRefusalOf, MissingPapersOffer, useRefusedApproval, type RefusedApproval } from './claim-refusals.tsx';

function told(outcome: StepOutcome, done: string) {
  if (outcome.state === 'sent') showToast('success', done);
  else showToast('info', t('claims.savedTitle'), outcome.offline ? t('claims.savedOffline') : t('claims.savedSlow'), 4000);
}

type Step = ClaimReviewInput['step'];

function AgentReview({ claim, userId }: { claim: Claim; userId: string }) {
  const [step, setStep] = useState<Step>('note');
  const evidence = useChosenDocuments();
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An approval refused for missing papers (issue 48): answered here now, or queued offline before.
  const [refusedNow, setRefusedNow] = useState<RefusedApproval | null>(null);
  const refusedQueued = useRefusedApproval(claim.id);
  const refused = refusedNow ?? refusedQueued;
  const steps: { value: Step; label: string }[] = [
    { value: 'note', label: t('claims.review.note') },
    ...(claim.status === 'assigned' ? [{ value: 'send_back' as const, label: t('claims.review.sendBack') }, { value: 'approve' as const, label: t('claims.review.approve') }] : []),
    { value: 'reject', label: t('claims.review.reject') },
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    let input: ClaimReviewInput;
    if (step === 'approve') {
      const poisha = poishaOf(amount);
      if (poisha === null || poisha <= 0) return setError(t('claims.amountInvalid'));
      if (poisha > claim.coveragePoisha) return setError(t('claims.amountOverCoverage', { coverage: formatMoney(claim.coveragePoisha) }));
      input = { step, amountPoisha: poisha };
    } else {
      if (!text.trim()) return setError(t('claims.textRequired'));
      input = step === 'note' ? { step, note: text } : step === 'send_back' ? { step, missing: text } : { step, reason: text };
    }
    setError(null);
    setBusy(true);
    try {
      const photos = step === 'note' ? await evidence.whenPrepared() : [];
      told(await reviewClaim(claim, input, photos), t('claims.stepDone'));
      setText('');
      setAmount('');
      evidence.forget(photos);
    } catch (failure) {
      const refusal = failure instanceof ApiRequestError ? claimRefusalOf(failure.body) : null;
      if (refusal && refusal.missingPapers.length > 0) setRefusedNow({ missingPapers: refusal.missingPapers });
      else setError(claimFailureText(failure, t('claims.stepFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="claim__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="claim-review">
      {refused && <MissingPapersOffer claim={claim} refused={refused} onDone={() => setRefusedNow(null)} />}
      <h2 id="claim-review">{t('claims.reviewHeading')}</h2>
      <fieldset className="claim__choices">
        <legend>{t('claims.reviewWhat')}</legend>
        {steps.map((choice) => (
          <label key={choice.value}>
            <input type="radio" name="step" value={choice.value} checked={step === choice.value} onChange={() => setStep(choice.value)} /> {choice.label}
          </label>
        ))}
      </fieldset>
      {step === 'approve' ? (
        <div className="field">
          <label htmlFor="claim-amount">{t('claims.amountLabel', { coverage: formatMoney(claim.coveragePoisha) })}</label>
          <input id="claim-amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="claim-text">{step === 'send_back' ? t('claims.missingLabel') : step === 'reject' ? t('claims.reasonLabel') : t('claims.noteLabel')}</label>
          <textarea id="claim-text" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      )}
      {step === 'note' && <DocumentField kinds={['evidence']} chosen={evidence} userId={userId} legend={t('claims.evidenceLegend')} />}
      {error && <p className="field__error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={busy || !!claim.pending}>{busy ? t('claims.sending') : t('claims.reviewSubmit')}</button>
    </form>
  );
}

function ClaimantAnswer({ claim, userId }: { claim: Claim; userId: string }) {
  const [note, setNote] = useState('');
  const papers = useChosenDocuments();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setError(t('claims.textRequired'));
    setError(null);
    setBusy(true);
    try {
      const sent = await papers.whenPrepared();
      told(await resubmitClaim(claim, note, sent), t('claims.resubmitted'));
      setNote('');
      papers.forget(sent);
    } catch (failure) {
      setError(claimFailureText(failure, t('claims.stepFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="claim__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="claim-answer">
      <h2 id="claim-answer">{t('claims.answerHeading')}</h2>
      <div className="field">
        <label htmlFor="claim-answer-note">{t('claims.answerLabel')}</label>
        <textarea id="claim-answer-note" rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <p className="claims__lead">{t('claims.answerPapers')}</p>
      <ClaimPapersField papers={claim.requiredDocuments} chosen={papers} userId={userId} />
      {error && <p className="field__error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={busy || !!claim.pending}>{busy ? t('claims.sending') : t('claims.answerSubmit')}</button>
    </form>
  );
}

function AdminAssign({ claim, agents, onChanged }: { claim: Claim; agents: SuggestedAgent[]; onChanged: () => void }) {
  const [email, setEmail] = useState(claim.assignedAgent ?? agents[0]?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await assignClaimAgent(claim.id, email, `${key}-${email}`);
      showToast('success', t('claims.assigned'), email);
      onChanged();
    } catch (failure) {
      showToast('error', t('claims.assignFailed'), claimFailureText(failure, ''));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="claim__form" onSubmit={(event) => void submit(event)} aria-labelledby="claim-assign">
      <h2 id="claim-assign">{t('claims.assignHeading')}</h2>
      <div className="field">
        <label htmlFor="claim-agent">{t('claims.agentLabel', { district: districtLabel(claim.district) })}</label>
        <select id="claim-agent" value={email} onChange={(event) => setEmail(event.target.value)}>
          {agents.map((agent) => (
            <option key={agent.email} value={agent.email}>
              {t('claims.agentChoice', { name: agent.name, district: agent.district ? districtLabel(agent.district) : '—', open: formatNumber(Number(agent.openClaims)) })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={busy || !email}>{t('claims.assignSubmit')}</button>
    </form>
  );
}

function AdminPayout({ claim, onChanged }: { claim: Claim; onChanged: () => void }) {
  const [method, setMethod] = useState<PayoutMethod>(claim.payoutMethod);
  const [account, setAccount] = useState(claim.payoutAccount);
  const [bank, setBank] = useState(claim.payoutBankName ?? '');
  // The approved amount, written as the page writes numbers ("৪৫,০০০" in Bangla): poishaOf reads it back.
  const [amount, setAmount] = useState(claim.approvedPoisha !== null ? formatNumber(poishaToTaka(claim.approvedPoisha)) : '');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per payout form: sending it again (a lost answer) records one payout.
  const [key] = useState(() => crypto.randomUUID());
  async function submit(event: FormEvent) {
    event.preventDefault();
    const poisha = poishaOf(amount);
    if (poisha === null || poisha <= 0) return setError(t('claims.amountInvalid'));
    if (!reference.trim()) return setError(t('claims.referenceRequired'));
    setError(null);
    setBusy(true);
    try {
      await recordPayout(claim.id, { payoutMethod: method, payoutAccount: account, payoutBankName: method === 'bank' ? bank : null, amountPoisha: poisha, reference }, key);
      showToast('success', t('claims.payoutRecorded'), formatMoney(poisha));
      onChanged();
    } catch (failure) {
      setError(claimFailureText(failure, t('claims.payoutFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="claim__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="claim-payout">
      <h2 id="claim-payout">{t('claims.payoutHeading')}</h2>
      <p className="form-message" role="note">{t('claims.noMoneyMoved')}</p>
      <div className="field">
        <label htmlFor="payout-method">{t('claims.methodLabel')}</label>
        <select id="payout-method" value={method} onChange={(event) => setMethod(event.target.value as PayoutMethod)}>
          {payoutMethods.map((choice) => (
            <option key={choice} value={choice}>{methodLabel(choice)}</option>
          ))}
        </select>
      </div>
      {method === 'bank' && (
        <div className="field">
          <label htmlFor="payout-bank">{t('claims.bankLabel')}</label>
          <input id="payout-bank" value={bank} onChange={(event) => setBank(event.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor="payout-account">{t('claims.accountLabel')}</label>
        <input id="payout-account" inputMode="numeric" value={account} onChange={(event) => setAccount(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="payout-amount">{t('claims.payoutAmountLabel')}</label>
        <input id="payout-amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="payout-reference">{t('claims.referenceLabel')}</label>
        <input id="payout-reference" value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
      {error && <p className="field__error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={busy}>{busy ? t('claims.sending') : t('claims.payoutSubmit')}</button>
    </form>
  );
}

export function ClaimActions({ claim, user, suggestedAgents, onChanged }: { claim: Claim; user: SessionUser; suggestedAgents: SuggestedAgent[]; onChanged: () => void }) {
  const isAgent = user.role === 'agent' && claim.assignedAgent?.toLowerCase() === user.email.toLowerCase();
  const isClaimant = claim.claimantEmail.toLowerCase() === user.email.toLowerCase();
  return (
    <>
      {isAgent && (claim.status === 'assigned' || claim.status === 'more_documents') && <AgentReview claim={claim} userId={user.id} />}
      {isClaimant && claim.status === 'more_documents' && <ClaimantAnswer claim={claim} userId={user.id} />}
      {user.role === 'admin' && ['submitted', 'assigned', 'more_documents'].includes(claim.status) && (
        <AdminAssign key={suggestedAgents.length} claim={claim} agents={suggestedAgents} onChanged={onChanged} />
      )}
      {user.role === 'admin' && claim.status === 'approved' && <AdminPayout claim={claim} onChanged={onChanged} />}
    </>
  );
}
