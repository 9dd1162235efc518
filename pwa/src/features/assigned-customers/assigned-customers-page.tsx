/**
 * Assigned Customers (agent, spec section 2): who has been assigned to me, and where each stands.
 * Online the server pages and searches the whole history; offline the device's copy is paged
 * here (use-assigned-customers.ts).
 */
import type { Column } from '../../components/data-table.tsx';
import { ListFilters, useListFilters } from '../../components/list-filters.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import type { Application } from '../../lib/local-db.ts';
import { usePageOf } from '../../lib/use-page-of.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useSession } from '../../lib/use-session.ts';
import { fetchAssignedPage, InvalidFormatError, matchesSearch, useAssignedCustomersOnDevice } from './use-assigned-customers.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { shownEmail } from '../../lib/shown-email.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { NumberProvenBadge } from '../../components/number-proven-badge.tsx';

const orNA = (value: string | null | undefined) => (value ? value : t('common.na'));
const dateOrNA = (iso: string | null | undefined) => (iso ? formatDate(iso) : t('common.na'));

function errorText(error: unknown): string {
  if (error instanceof InvalidFormatError) return error.message;
  if (error instanceof ApiRequestError && error.status === 404) return t('customers.none404');
  if (error instanceof ApiRequestError && error.status === 403) return t('customers.onlyAgents');
  return t('customers.failed');
}

/** A phone number as a tap-to-call link (issue 29), or N/A. */
function CallLink({ phone, name }: { phone: string | null | undefined; name: string }) {
  if (!phone) return <>{t('common.na')}</>;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={t('customers.call', { name, phone })}>
      {phone}
    </a>
  );
}

/** Online, the server's rows also say whether the number is proven (issue 50); the device's copy does not. */
type Customer = Application & { phoneVerified?: boolean };

const columns = (): Column<Customer>[] => [
  { header: t('customers.name'), kind: 'title', cell: (customer) => orNA(customer.name) },
  { header: t('customers.email'), cell: (customer) => orNA(shownEmail(customer.email || customer.userEmail)) },
  {
    header: t('customers.phone'),
    cell: (customer) => (
      <>
        <CallLink phone={customer.phone} name={customer.name} /> {customer.phone && <NumberProvenBadge proven={customer.phoneVerified} words={{ proven: t('claim.numberProven'), unproven: t('claim.numberUnproven') }} />}
      </>
    ),
  },
  { header: t('customers.status'), cell: (customer) => (customer.status ? <StatusBadge status={customer.status} /> : t('common.na')) },
  { header: t('customers.applied'), cell: (customer) => dateOrNA(customer.appliedAt) },
  { header: t('customers.assigned'), cell: (customer) => dateOrNA(customer.assignedAt) },
];

export function AssignedCustomersPage() {
  usePageTitle(t('title.assignedCustomers'));
  const { user } = useSession();
  const isAgent = user?.role.toLowerCase() === 'agent';
  const email = user?.email ?? '';
  const online = useOnline();
  const filters = useListFilters<''>('');
  const { q, page, setPage } = filters;
  const served = usePagedRequest((signal) => fetchAssignedPage(email, { q, page }, signal), [email, q, page], isAgent && online && email !== '');
  const onDevice = useAssignedCustomersOnDevice(email, isAgent && !online);
  const deviceList = onDevice.status === 'ready' ? onDevice.data.filter((customer) => matchesSearch(customer, q)) : [];
  const devicePage = usePageOf(deviceList);
  const shown = online ? (served.status === 'error' ? undefined : served.shown) : onDevice.status === 'ready' ? devicePage : undefined;
  const failed = online ? (served.status === 'error' ? { error: served.error, retry: served.reload } : null) : onDevice.status === 'error' ? onDevice : null;

  if (!isAgent) {
    return (
      <section>
        <h1>{t('customers.heading')}</h1>
        <ErrorState>{t('customers.onlyAgents')}</ErrorState>
      </section>
    );
  }
  return (
    <section>
      <h1>{t('customers.heading')}</h1>
      <ListFilters label={t('customers.find')} idPrefix="customers" placeholder={t('customers.placeholder')} filters={filters} />
      {!online && <p>{t('customers.offline')}</p>}
      {!shown && !failed && <LoadingState>{t('customers.loading')}</LoadingState>}
      {failed && (
        <ErrorState onRetry={failed.retry}>
          {!online && <strong>{t('apps.notDownloaded')} </strong>}
          {errorText(failed.error)}
        </ErrorState>
      )}
      {shown && shown.total === 0 && (
        <EmptyState>{q.trim() ? t('customers.noMatch') : t('customers.noneYet')}</EmptyState>
      )}
      {shown && shown.total > 0 && (
        <PagedTable
          label={t('customers.table')}
          navLabel={t('customers.pages')}
          columns={columns()}
          page={shown}
          rowKey={(customer) => customer.id}
          busy={online && served.status === 'loading'}
          onPage={online ? setPage : devicePage.setPage}
        />
      )}
    </section>
  );
}
