import type { Location } from 'react-router-dom';

/**
 * The router state the login page reads to send the user back where they were going
 * (`location.state.from`): the path with its query and hash, as a string.
 */
export interface LoginRedirectState {
  from: string;
}

export const loginRedirectState = (location: Pick<Location, 'pathname' | 'search' | 'hash'>): LoginRedirectState => ({
  from: `${location.pathname}${location.search}${location.hash}`,
});
