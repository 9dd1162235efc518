import { t } from '../../lib/i18n/runtime.ts';

/** The browser's own print, which also saves as PDF on a phone; Bengali is shaped by the browser's text engine. */
export function PrintButton() {
  return (
    <button type="button" className="button papers__print" onClick={() => window.print()}>
      {t('papers.print')}
    </button>
  );
}
