// Its own file so that fatal-error.ts recognises it without loading the nginx template code (and
// with it every document kind): each command's start-up loads fatal-error.ts.

/** A value the operator can fix from the message alone (the CLI prints it without a stack). */
export class NginxSiteError extends Error {
  override name = 'NginxSiteError';
}
