/**
 * /dashboard/certificates/:id: the certificate of a policy in force (approved and paid), for
 * its owner and admins, with a QR code that opens the public /verify/:code page. From the
 * device's copy when it is there (the application and its policy), so it opens offline. Issue 49:
 * it says the policy's state today and its next due, in My Policies' words (lib/premiums): from
 * the device's copy of the dues when it has them, else from the server's certificate.
 */
import QRCode from 'qrcode';
import { Link, useParams } from 'react-router-dom';
import { relationshipLabel } from '../../components/applicant-labels.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { formatDate, formatNumber, formatMoney } from '../../lib/i18n/format.ts';
import { currentLocale, t } from '../../lib/i18n/runtime.ts';
import { pathInLocale } from '../../lib/i18n/locale.ts';
import type { Application, Policy } from '../../lib/local-db.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useOnline } from '../../lib/use-online.ts';
import { localPremiums } from '../../lib/premiums/local-premiums.ts';
import { formatDay, PolicyStateBadge } from '../../lib/premiums/premium-labels.tsx';
import { fetchCertificate, type Certificate } from './papers-api.ts';
import { PrintButton } from './print-button.tsx';
import { usePaper } from './use-paper.ts';
import './papers.css';
import { shownPolicyName } from '../../components/policy-text.ts';

/** The certificate as shown: from the device, its state is there only when the device has the policy's dues. */
type ShownCertificate = Omit<Certificate, 'premiums'> & { premiums?: Certificate['premiums'] };
type Standing = NonNullable<Certificate['premiums']>;

/** The state and next due from the device's copy of the dues, as the server words them; undefined when it has none. */
function localStanding(application: Application): Standing | undefined {
  const premiums = localPremiums(application);
  if (!premiums) return undefined;
  return { state: premiums.state, graceEndsOn: premiums.graceEndsOn, lapsedOn: premiums.lapsedOn, nextDue: premiums.nextDue };
}

/** The certificate from the device's copy: the application's part, the term and coverage from its policy. */
function fromLocal(application: Application, policy: Policy | undefined): ShownCertificate | null {
  const basis = application.papers?.certificate;
  if (!basis || !policy) return null;
  const end = new Date(basis.startsAt);
  end.setUTCFullYear(end.getUTCFullYear() + policy.duration);
  // The device's copy has no address for the check: the page's language, which is the holder's own on their device.
  const verifyPath = pathInLocale(`/verify/${encodeURIComponent(basis.verifyCode)}`, currentLocale());
  return { ...basis, coverageMinor: application.coveragePoisha ?? policy.coverageRange, termYears: policy.duration, endsAt: end.toISOString(), verifyPath, premiums: localStanding(application) };
}

/** Where the QR code leads: this site's public check, in the holder's language (the server's verifyPath, issue 48). */
export const verifyAddress = (certificate: Pick<Certificate, 'verifyPath'>) => `${window.location.origin}${certificate.verifyPath}`;

export function CertificatePage() {
  usePageTitle(t('papers.certificateTitle'));
  useMoneyFont();
  const { id = '' } = useParams();
  const { paper, remote } = usePaper<ShownCertificate>(id, fromLocal, fetchCertificate);
  return (
    <section className="papers">
      <p className="papers__noprint"><Link to="/dashboard/myApplication">{t('papers.back')}</Link></p>
      {paper ? (
        <CertificateSheet certificate={paper} id={id} />
      ) : remote.status === 'error' ? (
        <ErrorState>
          {remote.error instanceof ApiRequestError && remote.error.status === 404 ? t('papers.noCertificate') : messageOf(remote.error, t('papers.fetchFailed'))}
        </ErrorState>
      ) : (
        <LoadingState>{t('papers.loading')}</LoadingState>
      )}
    </section>
  );
}

/**
 * The state and next due: the certificate's own (the server's, or the device's dues), else the
 * server's certificate asked for them alone (a device copy made before its dues arrived).
 */
function useStanding(id: string, certificate: ShownCertificate) {
  const online = useOnline();
  const known = certificate.premiums !== undefined;
  const remote = useRequest((signal) => fetchCertificate(id, signal), [id, online], online && !known);
  if (known) return { standing: certificate.premiums ?? null, loading: false, failed: false };
  return { standing: remote.status === 'ready' ? remote.data.premiums : null, loading: online && remote.status === 'loading', failed: remote.status === 'error' };
}

function StandingFacts({ id, certificate }: { id: string; certificate: ShownCertificate }) {
  const { standing, loading, failed } = useStanding(id, certificate);
  if (loading) return <div><dt>{t('prem.stateLabel')}</dt><dd>{t('prem.loading')}</dd></div>;
  if (failed) return <div><dt>{t('prem.stateLabel')}</dt><dd>{t('prem.fetchFailed')}</dd></div>;
  // A policy sold before premiums were kept has no schedule, and offline with no copy of the dues nothing is known.
  if (!standing) return null;
  const next = standing.nextDue;
  return (
    <>
      <div data-testid="certificate-state">
        <dt>{t('prem.stateLabel')}</dt>
        <dd>
          <PolicyStateBadge state={standing.state} />
          {standing.state === 'in_grace' && standing.graceEndsOn && <small className="papers__standing">{t('prem.graceNotice', { day: formatDay(standing.graceEndsOn) })}</small>}
          {standing.state === 'lapsed' && standing.lapsedOn && <small className="papers__standing">{t('prem.lapsedNotice', { day: formatDay(standing.lapsedOn) })}</small>}
        </dd>
      </div>
      <div data-testid="certificate-next-due">
        <dt>{t('prem.nextDue')}</dt>
        <dd>{next && standing.state !== 'matured' ? t('prem.nextDueValue', { amount: formatMoney(next.amountMinor, { fractionDigits: 2 }), day: formatDay(next.dueOn) }) : t('prem.noneDue')}</dd>
      </div>
    </>
  );
}

function CertificateSheet({ certificate, id }: { certificate: ShownCertificate; id: string }) {
  const address = verifyAddress(certificate);
  const qr = useRequest(() => QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 2, width: 240 }), [address]);
  return (
    <article className="papers__sheet" aria-labelledby="certificate-heading">
      <header className="papers__header">
        <p className="papers__brand">{t('papers.brand')}</p>
        <h1 id="certificate-heading">{t('papers.certificateHeading')}</h1>
        <p className="papers__lead">{shownPolicyName(certificate)}</p>
      </header>
      <dl className="papers__facts">
        <div><dt>{t('papers.policyNumber')}</dt><dd className="papers__number">{certificate.policyNumber}</dd></div>
        <div><dt>{t('papers.holder')}</dt><dd>{certificate.holder}</dd></div>
        <div><dt>{t('papers.nominee')}</dt><dd>{certificate.nomineeName}</dd></div>
        <div><dt>{t('papers.relationship')}</dt><dd>{relationshipLabel(certificate.relationship)}</dd></div>
        <div><dt>{t('papers.coverage')}</dt><dd className="papers__amount">{certificate.coverageMinor === null ? t('common.na') : formatMoney(certificate.coverageMinor, { fractionDigits: 2 })}</dd></div>
        <div><dt>{t('papers.premium')}</dt><dd>{certificate.premiumMinor === null ? t('common.na') : formatMoney(certificate.premiumMinor, { fractionDigits: 2 })}</dd></div>
        <div><dt>{t('papers.term')}</dt><dd>{certificate.termYears === null ? t('common.na') : t('papers.years', { count: formatNumber(certificate.termYears) })}</dd></div>
        <div><dt>{t('papers.starts')}</dt><dd>{formatDate(certificate.startsAt)}</dd></div>
        <div><dt>{t('papers.ends')}</dt><dd>{certificate.endsAt ? formatDate(certificate.endsAt) : t('common.na')}</dd></div>
        <StandingFacts id={id} certificate={certificate} />
      </dl>
      <figure className="papers__qr">
        {qr.status === 'ready' ? <img src={qr.data} width={240} height={240} alt={t('papers.qrAlt')} data-testid="certificate-qr" /> : null}
        <figcaption>
          {t('papers.qrCaption')} <span className="papers__code">{address}</span>
        </figcaption>
      </figure>
      <PrintButton />
    </article>
  );
}
