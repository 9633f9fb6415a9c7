// The user info of a URL (`https://user:password@host`), which HTTP clients send as credentials:
// how a message that quotes written text recognizes a password it must not print.

/** `scheme://user[:password]@`. */
export const URL_WITH_USER_INFO = /[a-z][a-z0-9+.-]*:\/\/[^\s/?#@"'<>]+@/i;
/** `user:password@host` written without a scheme: hidden as well, though not refused (free text may look like it). */
const BARE_USER_INFO = /(?:^|[\s"'[{(,=])[^\s/?#@"':[{(,=]+:[^\s/?#@"']+@[^\s/?#@"']/;

/** True when `text` holds a URL's user name or password. */
export function hasUserInfo(text: string): boolean {
  return URL_WITH_USER_INFO.test(text) || BARE_USER_INFO.test(text);
}
