export const CREDENTIAL_TYPE = 'presenterVideoApi';

/** A status read must not hang a poll loop; a start may take longer while the service prices it. */
export const READ_TIMEOUT_MS = 30_000;
export const START_TIMEOUT_MS = 60_000;
