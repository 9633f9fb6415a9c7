// Shared with the bench: the one definition is in support/.
export { freePort } from '../../../support/free-port.js';
