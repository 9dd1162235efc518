/** Assigned Customers (agent, spec section 2): who has been assigned to me, and where each stands. */
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageNav } from '../../components/page-nav.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import type { Application } from '../../lib/local-db.ts';
import { usePageOf } from '../../lib/use-page-of.ts';
import { useSession } from '../../lib/use-session.ts';
import { InvalidFormatError, useAssignedCustomers } from './use-assigned-customers.ts';

const orNA = (value: string | null | undefined) => (value ? value : 'N/A');
const dateOrNA = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : 'N/A');

function errorText(error: unknown): string {
  if (error instanceof InvalidFormatError) return error.message;
  if (error instanceof ApiRequestError && error.status === 404) return 'No assigned customers found.';
  if (error instanceof ApiRequestError && error.status === 403) return 'Only agents can view assigned customers.';
  return 'Failed to fetch assigned customers. Please try again later.';
}

/** The spec's status colours for agents: approved green, pending yellow, Assigned blue, other red. */
function CustomerStatus({ status }: { status: string | null | undefined }) {
  if (!status) return <>N/A</>;
  const value = status.toLowerCase();
  const tone = value === 'approved' ? 'success' : value === 'pending' ? 'warn' : value === 'assigned' ? 'info' : 'danger';
  return <span className={`badge badge--${tone}`}>{value === 'assigned' ? 'Assigned' : status}</span>;
}

const columns: Column<Application>[] = [
  { header: 'Name', kind: 'title', cell: (customer) => orNA(customer.name) },
  { header: 'Email', cell: (customer) => orNA(customer.email || customer.userEmail) },
  { header: 'Status', cell: (customer) => <CustomerStatus status={customer.status} /> },
  { header: 'Applied Date', cell: (customer) => dateOrNA(customer.appliedAt) },
  { header: 'Assigned Date', cell: (customer) => dateOrNA(customer.assignedAt) },
];

export function AssignedCustomersPage() {
  usePageTitle('Assigned Customers');
  const { user } = useSession();
  const isAgent = user?.role.toLowerCase() === 'agent';
  const customers = useAssignedCustomers(user?.email ?? '', isAgent);
  const shown = usePageOf(customers.status === 'ready' ? customers.data : []);

  return (
    <section>
      <h1>Assigned Customers</h1>
      {!isAgent ? (
        <ErrorState>Only agents can view assigned customers.</ErrorState>
      ) : customers.status === 'loading' ? (
        <LoadingState>Loading assigned customers...</LoadingState>
      ) : customers.status === 'error' ? (
        <ErrorState onRetry={customers.retry}>
          <strong>Not downloaded yet.</strong> {errorText(customers.error)}
        </ErrorState>
      ) : customers.data.length === 0 ? (
        <EmptyState>No customers have been assigned to you yet.</EmptyState>
      ) : (
        <>
          <DataTable label="Customers assigned to you" columns={columns} rows={shown.items} rowKey={(customer) => customer.id} />
          <PageNav label="Assigned customers pages" page={shown.page} pageSize={shown.pageSize} total={shown.total} onPage={shown.setPage} onlyWhenPaged />
        </>
      )}
    </section>
  );
}
