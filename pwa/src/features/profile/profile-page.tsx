/** My Profile (spec section 2): who I am (read-only, role included) and the password change. */
import { usePageTitle } from '../../components/use-page-title.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useRequest } from '../../lib/use-request.ts';
import { fetchProfile, type Profile } from './profile-api.ts';
import { PasswordForm } from './password-form.tsx';
import './profile.css';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

export function ProfilePage() {
  usePageTitle(t('title.profile'));
  const profile = useRequest((signal) => fetchProfile(signal), []);
  return (
    <section className="profile">
      <h1>My Profile</h1>
      {profile.status === 'loading' && <LoadingState>Loading profile...</LoadingState>}
      {profile.status === 'error' && <ErrorState onRetry={profile.reload}>Failed to load profile</ErrorState>}
      {profile.status === 'ready' && <ProfileCard profile={profile.data} />}
      <PasswordForm />
    </section>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const initial = (profile.name || profile.email).trim().charAt(0).toUpperCase();
  return (
    <div className="panel profile__card">
      {profile.photoURL ? (
        <img className="profile__photo" src={profile.photoURL} alt={`Photo of ${profile.name}`} width="96" height="96" />
      ) : (
        <span className="profile__photo profile__photo--initial" aria-hidden="true">{initial}</span>
      )}
      <dl className="profile__facts">
        <dt>Name</dt>
        <dd>{profile.name}</dd>
        <dt>Email</dt>
        <dd>{profile.email}</dd>
        <dt>Role</dt>
        <dd><span className="badge badge--info">{profile.role}</span></dd>
        {profile.last_log_in && (
          <>
            <dt>Last Login</dt>
            <dd>{formatDateTime(profile.last_log_in)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
