/**
 * A call answered 401 while the page believed it was signed in: the session ended (it expired, was ended
 * elsewhere, or the password changed). The client marks it before it sends the browser to the login, and
 * the login page says so once — in the tab, so it survives the navigation but not the tab.
 */
const KEY = 'session-ended';

export const sessionEnded = {
  mark(): void {
    try {
      sessionStorage.setItem(KEY, '1');
    } catch {
      // Storage refused (private mode): the login page simply says nothing.
    }
  },
  /** Whether a session ended since the last login page read it; reading forgets it. */
  take(): boolean {
    try {
      const ended = sessionStorage.getItem(KEY) === '1';
      sessionStorage.removeItem(KEY);
      return ended;
    } catch {
      return false;
    }
  },
};
