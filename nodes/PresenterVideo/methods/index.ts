import { presenterVideoApiTest } from './credentialTest';

export * as listSearch from './listSearch';
export * as loadOptions from './loadOptions';
export const credentialTest = { presenterVideoApiTest };
