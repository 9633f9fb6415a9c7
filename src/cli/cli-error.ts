/** A mistake the user can fix from the message alone: printed without a stack, exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}
