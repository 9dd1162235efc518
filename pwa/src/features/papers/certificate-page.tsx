/**
 * /dashboard/certificates/:id: the certificate of a policy in force (approved and paid), for
 * its owner and admins, with a QR code that opens the public /verify/:code page. From the
 * device's copy when it is there (the application and its policy), so it opens offline.
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
import { fetchCertificate, type Certificate } from './papers-api.ts';
import { PrintButton } from './print-button.tsx';
import { usePaper } from './use-paper.ts';
import './papers.css';
import { shownPolicyName } from '../../components/policy-text.ts';

/** The certificate from the device's copy: the application's part, the term and coverage from its policy. */
function fromLocal(application: Application, policy: Policy | undefined): Certificate | null {
  const basis = application.papers?.certificate;
  if (!basis || !policy) return null;
  const end = new Date(basis.startsAt);
  end.setUTCFullYear(end.getUTCFullYear() + policy.duration);
  // The device's copy has no address for the check: the page's language, which is the holder's own on their device.
  const verifyPath = pathInLocale(`/verify/${encodeURIComponent(basis.verifyCode)}`, currentLocale());
  return { ...basis, coverageMinor: application.coveragePoisha ?? policy.coverageRange, termYears: policy.duration, endsAt: end.toISOString(), verifyPath };
}

/** Where the QR code leads: this site's public check, in the holder's language (the server's verifyPath, issue 48). */
export const verifyAddress = (certificate: Pick<Certificate, 'verifyPath'>) => `${window.location.origin}${certificate.verifyPath}`;

export function CertificatePage() {
  usePageTitle(t('papers.certificateTitle'));
  useMoneyFont();
  const { id = '' } = useParams();
  const { paper, remote } = usePaper<Certificate>(id, fromLocal, fetchCertificate);
  return (
    <section className="papers">
      <p className="papers__noprint"><Link to="/dashboard/myApplication">{t('papers.back')}</Link></p>
      {paper ? (
        <CertificateSheet certificate={paper} />
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

function CertificateSheet({ certificate }: { certificate: Certificate }) {
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
