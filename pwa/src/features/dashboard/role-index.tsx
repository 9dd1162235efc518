/**
 * /dashboard itself: the view for the signed-in role (spec section 2). The views come from
 * other features, so the route table composes them in; any other role gets 403.
 */
import { Suspense, type ComponentType } from 'react';
import { Forbidden } from '../../components/forbidden.tsx';
import { LoadingState } from '../../components/states.tsx';
import { useSession } from '../../lib/use-session.ts';
import { normalRole } from './dashboard-areas.ts';
import { SignUpWelcome } from './sign-up-welcome.tsx';
import { t } from '../../lib/i18n/runtime.ts';

export interface RoleViews {
  user: ComponentType;
  agent: ComponentType;
  admin: ComponentType;
}

export function RoleIndex({ views }: { views: RoleViews }) {
  const { user } = useSession();
  const role = normalRole(user?.role);
  if (!role) return <Forbidden />;
  const View = views[role];
  return (
    <>
      <SignUpWelcome />
      <Suspense fallback={<LoadingState>{t('dashboard.loading')}</LoadingState>}>
        <View />
      </Suspense>
    </>
  );
}
