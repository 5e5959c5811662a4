import { sha256 } from '@noble/hashes/sha2.js'
import { utf8 } from './bytes.js'
import { type ProtoMessage, ProtoRegistry } from './proto.js'
import { PROTO_DIR } from './proto-sources.js'

/** What the amino JSON tests share: both brands' registries and the reference's accounts. */

// The registries of both brands, parsed from the same .proto sources.
export const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')
export const sdk = ProtoRegistry.load(PROTO_DIR, 'sdk')

// The reference's invented accounts (amino-json-legacy-gov.md §1.6).
export const PRIVATE_KEY = sha256(utf8('amino-json reference key one'))
export const FROM = 'cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7'
export const TO = 'cosmos1yxhvy6luqmcqgk5lqjfjxujqste42lyhcc4rl8'
export const GOV = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn'
export const GO_ZERO_TIME = { seconds: '-62135596800', nanos: 0 }

/** A canonical-named message packed in `registry`'s brand. */
export const pack = (registry: ProtoRegistry, url: string, value: ProtoMessage) =>
  registry.packAny(url, value)
