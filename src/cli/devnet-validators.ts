import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sha256 } from '@noble/hashes/sha2.js'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { InvalidArgumentError } from 'commander'
import { toBase64, toHexUpper, utf8 } from '../codec/bytes.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import type { GenesisValidatorJson } from '../config/genesis.js'
import { makeDir } from '../config/make-dir.js'
import { homePaths } from '../config/paths.js'
import {
  consensusAddress,
  type Ed25519Key,
  ed25519FromSeed,
  privValidatorKeyJson,
} from '../config/validator-key.js'
import { CliError } from './errors.js'

/**
 * The devnet's validators beyond the node's own: fixed consensus keys and operator accounts, the
 * same on every machine (as the devnet accounts), so a 4-validator devnet is reproducible.
 */

/** Most validators a devnet genesis may bond: upstream's default `max_validators` (more would start unbonded). */
export const DEVNET_MAX_VALIDATORS = 100

/** Consensus power of a devnet validator unless `--powers` says otherwise (today's single validator's). */
export const DEVNET_DEFAULT_POWER = 10n

/** CometBFT's MaxTotalVotingPower (MaxInt64 / 8): a larger total cannot run a validator set. */
export const MAX_TOTAL_VOTING_POWER = 1152921504606846975n

/** Directory of the extra validator keys a simulated node also signs with. */
export function privValidatorKeysDir(home: string): string {
  return join(homePaths(home).configDir, 'priv_validator_keys')
}

/** File of devnet validator i (i ≥ 1) in `config/priv_validator_keys/`. */
export function devnetValidatorKeyFile(i: number): string {
  return `validator-${i}.json`
}

/**
 * The fixed consensus key of devnet validator i (i ≥ 1): the ed25519 key whose seed is
 * sha256("sdkd devnet validator <i>"). Validator 0 is the node's own `priv_validator_key.json`.
 * Public by design — never use these keys on a real chain.
 */
export function devnetValidatorKey(i: number): Ed25519Key {
  return ed25519FromSeed(sha256(utf8(`sdkd devnet validator ${i}`)))
}

/** Name of the account operating devnet validator i: `validator` for 0, then `validator1`, `validator2` … */
export function devnetOperatorName(i: number): string {
  return i === 0 ? 'validator' : `validator${i}`
}

/**
 * The well-known mnemonic of the operator of devnet validator i (i ≥ 1): the 24 words of the BIP39
 * entropy sha256("sdkd devnet validator operator <i>"). Validator 0's operator is the devnet
 * account `validator`.
 */
export function devnetOperatorMnemonic(i: number): string {
  return entropyToMnemonic(sha256(utf8(`sdkd devnet validator operator ${i}`)), wordlist)
}

/** Moniker of devnet validator i: the node's moniker for 0, `validator-<i>` for the others. */
export function devnetValidatorMoniker(i: number, nodeMoniker: string): string {
  return i === 0 ? nodeMoniker : `validator-${i}`
}

/** `--validators <n>`: 1 to DEVNET_MAX_VALIDATORS. */
export function validatorsArg(value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(n) || n < 1 || n > DEVNET_MAX_VALIDATORS) {
    throw new InvalidArgumentError(
      `must be a whole number from 1 to ${DEVNET_MAX_VALIDATORS} (upstream's default max_validators)`,
    )
  }
  return n
}

/** `--powers 40,30,20,10`: positive whole consensus powers, comma-separated. */
export function powersArg(value: string): bigint[] {
  const parts = value.split(',').map((p) => p.trim())
  return parts.map((p) => {
    if (!/^\d+$/.test(p) || BigInt(p) === 0n) {
      throw new InvalidArgumentError(
        `each power must be a positive whole number (comma-separated, e.g. 40,30,20,10), got ${JSON.stringify(p)}`,
      )
    }
    return BigInt(p)
  })
}

/** The powers of the devnet's `count` validators: `--powers` when given (one per validator), else 10 each. */
export function devnetValidatorPowers(count = 1, powers?: readonly bigint[]): bigint[] {
  if (powers === undefined) return Array.from({ length: count }, () => DEVNET_DEFAULT_POWER)
  if (powers.length !== count) {
    throw new CliError(
      `--powers lists ${powers.length} power${powers.length === 1 ? '' : 's'} but --validators is ${count}: give one power per validator`,
    )
  }
  const total = powers.reduce((a, b) => a + b, 0n)
  if (total > MAX_TOTAL_VOTING_POWER) {
    throw new CliError(
      `--powers add up to ${total}, more than CometBFT's maximum total voting power ${MAX_TOTAL_VOTING_POWER}`,
    )
  }
  return [...powers]
}

/**
 * Writes the key files of devnet validators 1 … count-1 and removes those of validators a previous
 * devnet had beyond them (a reset to fewer validators must not leave the node signing for keys no
 * longer in the genesis). Other files in the directory are left alone.
 */
export async function writeDevnetValidatorKeys(home: string, count: number): Promise<Ed25519Key[]> {
  const dir = privValidatorKeysDir(home)
  const keys: Ed25519Key[] = []
  if (count > 1) await makeDir(dir, 0o700)
  for (let i = 1; i < count; i++) {
    const key = devnetValidatorKey(i)
    keys.push(key)
    await writeFileAtomic(
      join(dir, devnetValidatorKeyFile(i)),
      `${JSON.stringify(privValidatorKeyJson(key), null, 2)}\n`,
      0o600,
    )
  }
  if (existsSync(dir)) {
    for (const name of await readdir(dir)) {
      const m = /^validator-(\d+)\.json$/.exec(name)
      if (m && Number(m[1]) >= count) await rm(join(dir, name), { force: true })
    }
  }
  return keys
}

/** A genesis validator entry of CometBFT's genesis for a consensus key. */
export function genesisValidatorJson(
  pubKey: Uint8Array,
  power: bigint,
  name: string,
): GenesisValidatorJson {
  return {
    address: toHexUpper(consensusAddress(pubKey)),
    pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(pubKey) },
    power: power.toString(),
    name,
  }
}
