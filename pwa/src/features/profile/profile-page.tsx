/** My Profile (spec section 2): who I am (read-only, role included) and the password change. */
import { usePageTitle } from '../../components/use-page-title.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useRequest } from '../../lib/use-request.ts';
import { fetchProfile, type Profile } from './profile-api.ts';
import { PasswordForm } from './password-form.tsx';
import { NotificationToggle } from '../../components/notification-permission.tsx';
import './profile.css';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { roleLabel } from '../../components/role-label.ts';

export function ProfilePage() {
  usePageTitle(t('title.profile'));
  const profile = useRequest((signal) => fetchProfile(signal), []);
  return (
    <section className="profile">
      <h1>{t('profile.heading')}</h1>
      {profile.status === 'loading' && <LoadingState>{t('profile.loading')}</LoadingState>}
      {profile.status === 'error' && <ErrorState onRetry={profile.reload}>{t('profile.failed')}</ErrorState>}
      {profile.status === 'ready' && <ProfileCard profile={profile.data} />}
      <NotificationToggle />
      <PasswordForm />
    </section>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const initial = (profile.name || profile.email).trim().charAt(0).toUpperCase();
  return (
    <div className="panel profile__card">
      {profile.photoURL ? (
        <img className="profile__photo" src={profile.photoURL} alt={t('profile.photoOf', { name: profile.name })} width="96" height="96" />
      ) : (
        <span className="profile__photo profile__photo--initial" aria-hidden="true">{initial}</span>
      )}
      <dl className="profile__facts">
        <dt>{t('profile.name')}</dt>
        <dd>{profile.name}</dd>
        <dt>{t('profile.email')}</dt>
        <dd>{profile.email}</dd>
        <dt>{t('profile.role')}</dt>
        <dd><span className="badge badge--info">{roleLabel(profile.role)}</span></dd>
        {profile.last_log_in && (
          <>
            <dt>{t('profile.lastLogin')}</dt>
            <dd>{formatDateTime(profile.last_log_in)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
