/** Assigned Customers (agent, spec section 2): who has been assigned to me, and where each stands. */
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
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

export function AssignedCustomersPage() {
  usePageTitle('Assigned Customers');
  const { user } = useSession();
  const isAgent = user?.role.toLowerCase() === 'agent';
  const customers = useAssignedCustomers(user?.email ?? '', isAgent);

  return (
    <section>
      <h1>Assigned Customers</h1>
      {!isAgent ? (
        <ErrorState>Only agents can view assigned customers.</ErrorState>
      ) : customers.status === 'loading' ? (
        <LoadingState>Loading assigned customers...</LoadingState>
      ) : customers.status === 'error' ? (
        <ErrorState onRetry={customers.retry}>{errorText(customers.error)}</ErrorState>
      ) : customers.data.length === 0 ? (
        <EmptyState>No customers have been assigned to you yet.</EmptyState>
      ) : (
        <DataTable label="Customers assigned to you" columns={['Name', 'Email', 'Status', 'Applied Date', 'Assigned Date']}>
          {customers.data.map((customer) => (
            <tr key={customer.id}>
              <td>{orNA(customer.name)}</td>
              <td>{orNA(customer.email || customer.userEmail)}</td>
              <td><CustomerStatus status={customer.status} /></td>
              <td>{dateOrNA(customer.appliedAt)}</td>
              <td>{dateOrNA(customer.assignedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
