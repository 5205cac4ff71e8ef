/**
 * `npm run identity-keys`: a new Ed25519 key pair for the identity the gateway proves to the services, as
 * the two lines of an .env file (IDENTITY_PRIVATE_KEY for auth only; IDENTITY_PUBLIC_KEYS for every
 * service). For a rollover, give it a key id and join the new public key to the old one's list.
 */
'use strict';
const { newIdentityKeys } = require('./platform.cjs');

const keys = newIdentityKeys(process.argv[2] || undefined);
process.stdout.write(`IDENTITY_PRIVATE_KEY=${keys.IDENTITY_PRIVATE_KEY}\nIDENTITY_PUBLIC_KEYS=${keys.IDENTITY_PUBLIC_KEYS}\n`);
