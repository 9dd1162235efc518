/**
 * /dashboard/collections (issue 49): a field agent's dues to collect from the customers assigned
 * to them (due in the next 30 days, in grace, lapsed), from the server when online and from the
 * device's copy when not. Cash taken is recorded through the outbox, and its receipt number is
 * shown at once, network or not.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { currentLocale, t } from '../../lib/i18n/runtime.ts';
import { useOnline } from '../../lib/use-online.ts';
import { downloadedFor, pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { refreshPremiumSettings } from '../../lib/premiums/premium-settings.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { dueChoiceOf, toggledCount, totalOf } from '../../lib/premiums/due-choice.ts';
import { dueStatusLabel, formatDay, PolicyStateBadge } from '../../lib/premiums/premium-labels.tsx';
import '../../lib/premiums/premiums.css';
import { useCollectionMarks, type CollectionMark } from './collection-marks.ts';
import { fetchCollections, type CollectionItem } from './collections-api.ts';
import { collectionsOnDevice } from './local-collections.ts';
import { recordCollection, type RecordedCollection } from './record-collection.ts';

const money = (minor: number) => formatMoney(minor, { fractionDigits: 2 });

export function CollectionsPage() {
  usePageTitle(t('coll.title'));
  useMoneyFont();
  const { user } = useSession();
  const email = user?.email ?? '';
  const online = useOnline();
  const pull = useStatusStore(pullStatus);
  // The device's list counts once a pull for this agent completed (else "none" would be a guess).
  const synced = downloadedFor(pull, user?.id);
  const onDevice = useLiveQuery(() => (email ? collectionsOnDevice(email) : Promise.resolve(null)), [email]);
  const device = onDevice && (onDevice.length > 0 || synced) ? onDevice : null;
  useEffect(() => {
    if (online) void refreshPremiumSettings();
  }, [online]);
  const remote = useRequest((signal) => fetchCollections(signal), [email, online], online && email !== '');
  const marks = useCollectionMarks();
  const [recorded, setRecorded] = useState<RecordedCollection | null>(null);
  const items = remote.status === 'ready' ? remote.data : (device ?? null);

  return (
    <section className="collections">
      <h1>{t('coll.heading')}</h1>
      <p>{t('coll.intro')}</p>
      {recorded && <RecordedNotice recorded={recorded} online={online} />}
      {items ? (
        <CollectionList items={items} marks={marks} onRecorded={setRecorded} fromDevice={remote.status !== 'ready'} />
      ) : remote.status === 'error' ? (
        <ErrorState onRetry={remote.reload}>{messageOf(remote.error, t('coll.fetchFailed'))}</ErrorState>
      ) : !online && device === null ? (
        <ErrorState>{t('coll.offlineNone')}</ErrorState>
      ) : (
        <LoadingState>{t('coll.loading')}</LoadingState>
      )}
    </section>
  );
}

function RecordedNotice({ recorded, online }: { recorded: RecordedCollection; online: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [recorded]);
  return (
    <div ref={ref} tabIndex={-1} className="panel form-message form-message--success" role="status">
      <p>{t('coll.recorded', { amount: money(recorded.amountMinor) })}</p>
      <p className="collections__receipt">{t('coll.receiptNumber', { number: recorded.receiptNumber })}</p>
      <p>{online ? t('coll.sending') : t('coll.willSend')}</p>
    </div>
  );
}

function CollectionList({
  items,
  marks,
  onRecorded,
  fromDevice,
}: {
  items: CollectionItem[];
  marks: Map<string, CollectionMark>;
  onRecorded: (recorded: RecordedCollection) => void;
  fromDevice: boolean;
}) {
  // Dues collected on this phone are off the list from the moment they are recorded.
  const open = items
    .map((item) => ({ item, dues: item.dues.filter((due) => !marks.has(due.id) || marks.get(due.id)?.state === 'refused') }))
    .filter(({ dues }) => dues.length > 0);
  return (
    <>
      {fromDevice && <p className="premiums__note" role="status">{t('coll.fromDevice')}</p>}
      {open.length === 0 ? (
        <EmptyState>{t('coll.none')}</EmptyState>
      ) : (
        <ul className="collections__list" aria-label={t('coll.listLabel')}>
          {open.map(({ item, dues }) => (
            <li key={item.applicationId}>
              <CollectionCard item={item} dues={dues} marks={marks} onRecorded={onRecorded} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CollectionCard({
  item,
  dues,
  marks,
  onRecorded,
}: {
  item: CollectionItem;
  dues: CollectionItem['dues'];
  marks: Map<string, CollectionMark>;
  onRecorded: (recorded: RecordedCollection) => void;
}) {
  const today = dhakaToday(new Date());
  const { offered, least } = dueChoiceOf(dues, item.state, today);
  const [count, setCount] = useState(Math.max(least, offered.filter((due) => due.dueOn <= today).length, 1));
  const [busy, setBusy] = useState(false);
  const chosen = offered.slice(0, Math.max(least, Math.min(count, offered.length)));
  const total = totalOf(chosen);
  const policy = currentLocale() === 'bn' && item.policyNameBn ? item.policyNameBn : item.policyName;
  const refused = dues.map((due) => marks.get(due.id)).find((mark) => mark?.state === 'refused');

  async function record() {
    setBusy(true);
    try {
      onRecorded(await recordCollection(item, chosen));
    } catch (error) {
      showToast('error', t('coll.failed'), messageOf(error, ''));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="panel collections__item" aria-labelledby={`coll-${item.applicationId}`}>
      <h2 id={`coll-${item.applicationId}`} className="premiums__policy">{item.holder}</h2>
      <p>
        {policy} <PolicyStateBadge state={item.state} />
      </p>
      {item.phone && (
        <p>
          <a href={`tel:${item.phone.replace(/[^\d+]/g, '')}`} aria-label={t('coll.call', { holder: item.holder, phone: item.phone })}>{item.phone}</a>
        </p>
      )}
      <p>{item.address}</p>
      {refused && <p className="form-message form-message--error" role="alert">{t('coll.refused', { reason: refused.reason ?? '' })}</p>}
      <fieldset className="premiums__pay">
        <legend>{t('coll.duesLegend', { holder: item.holder })}</legend>
        <ul className="premiums__dues">
          {offered.map((due, index) => (
            <li key={due.id}>
              <label className="premiums__due">
                <input type="checkbox" checked={index < chosen.length} disabled={index < least && least > 1} onChange={() => setCount(toggledCount(chosen.length, index, least))} />
                <span className="premiums__due-day">{formatDay(due.dueOn)}</span>
                <span className="premiums__due-amount">{money(due.amountMinor)}</span>
                <span className={`badge ${due.status === 'overdue' ? 'badge--danger' : 'badge--warn'}`}>{dueStatusLabel(due.status)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="button" className="button" disabled={busy || chosen.length === 0} onClick={() => void record()}>
        {t('coll.record', { amount: money(total), holder: item.holder })}
      </button>
    </article>
  );
}
