/**
 * Guards for the role-only dashboard children (spec section 6): anyone else is sent to
 * /forbidden. The server refuses the same people on every endpoint these screens call.
 */
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../../lib/use-session.ts';
import { mayOpen, type DashboardArea } from './dashboard-areas.ts';

function RequireArea({ area }: { area: DashboardArea }) {
  const { user } = useSession();
  // The dashboard layout above has already settled that someone is signed in.
  if (!mayOpen(user?.role, area)) return <Navigate to="/forbidden" replace />;
  return <Outlet />;
}

export const AdminOnly = () => <RequireArea area="admin" />;
export const AgentOnly = () => <RequireArea area="agent" />;
export const BlogAuthorsOnly = () => <RequireArea area="blog-authors" />;
