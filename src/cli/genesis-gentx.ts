import { existsSync } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import { networkInterfaces } from 'node:os'
import { join, resolve } from 'node:path'
import {
  createUnsignedTx,
  type SigningKey,
  signTx,
  type TxObject,
  txToJson,
} from '../client/tx-builder.js'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { fromBase64Strict } from '../codec/bytes.js'
import { type Coin, parseCoins } from '../codec/coins.js'
import { type Dec, decFromString, decToAtomics } from '../codec/dec.js'
import { type ProtoRegistry, protoRegistry } from '../codec/proto.js'
import type { GenesisJson } from '../config/genesis.js'
import { makeDir } from '../config/make-dir.js'
import { homePaths } from '../config/paths.js'
import { nodeId as nodeIdOf, parsePrivKey } from '../config/validator-key.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { validateRates } from '../modules/staking/msg-checks.js'
import { CliError } from './errors.js'
import { validateGenesisFile } from './genesis-validate.js'
import { keyringFor } from './keys.js'
import type { GlobalFlags } from './start-flags.js'
import { parseGas } from './tx-flags.js'

// biome-ignore lint/suspicious/noExplicitAny: genesis sections are free-form JSON
type Obj = Record<string, any>

/** The flags of `sdkd genesis gentx` (upstream's create-validator flag set and tx flags). */
export interface GentxFlags {
  chainId?: string
  moniker?: string
  identity: string
  website: string
  securityContact: string
  details: string
  commissionRate: string
  commissionMaxRate: string
  commissionMaxChangeRate: string
  minSelfDelegation: string
  pubkey?: string
  nodeId?: string
  ip: string
  p2pPort: string
  outputDocument?: string
  keyringBackend?: string
  fees?: string
  gas: string
  note?: string
}

/** The machine's first non-internal IPv4 address, upstream's `--ip` default (empty when there is none). */
export function externalIp(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  return ''
}

async function readJsonFile(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'))
}

/** The consensus public key of the home's priv_validator_key.json, or of `--pubkey` (upstream Any JSON). */
async function validatorPubKey(g: GlobalFlags, flag: string | undefined): Promise<Uint8Array> {
  if (flag !== undefined && flag !== '') {
    let json: Obj
    try {
      json = JSON.parse(flag) as Obj
      const key = fromBase64Strict(String(json.key ?? ''))
      if (!String(json['@type'] ?? '').endsWith('crypto.ed25519.PubKey') || key?.length !== 32)
        throw new CliError(
          'failed to unmarshal validator public key: expected {"@type":"/cosmos.crypto.ed25519.PubKey","key":"<base64 of 32 bytes>"}',
        )
      return key
    } catch (err) {
      if (err instanceof CliError) throw err
      throw new CliError(`failed to unmarshal validator public key: ${(err as Error).message}`)
    }
  }
  const file = homePaths(g.home).privValidatorKey
  const key = existsSync(file) ? parsePrivKey(await readJsonFile(file)) : 'file not found'
  if (typeof key === 'string')
    throw new CliError(`failed to initialize node validator files: ${file}: ${key}`)
  return key.pubKey
}

async function homeNodeId(g: GlobalFlags): Promise<string> {
  const file = homePaths(g.home).nodeKey
  const key = existsSync(file) ? parsePrivKey(await readJsonFile(file)) : 'file not found'
  if (typeof key === 'string')
    throw new CliError(`failed to initialize node validator files: ${file}: ${key}`)
  return nodeIdOf(key)
}

/**
 * Upstream ValidateAccountInGenesis: the key's account must have a genesis balance holding at least
 * the bonded amount in the bond denom.
 */
export function validateAccountInGenesis(appState: Obj, address: string, coins: Coin[]): void {
  const bondDenom = String(appState.staking?.params?.bond_denom ?? 'stake')
  const want = coins.find((c) => c.denom === bondDenom)?.amount ?? 0n
  const balance = ((appState.bank?.balances ?? []) as Obj[]).find((b) => b.address === address)
  if (!balance)
    throw new CliError(
      `failed to validate account in genesis: account ${address} does not have a balance in the genesis state`,
    )
  const has = BigInt(
    ((balance.coins ?? []) as Obj[]).find((c) => c.denom === bondDenom)?.amount ?? '0',
  )
  if (want > has) {
    throw new CliError(
      `failed to validate account in genesis: account ${address} has a balance in genesis, but it only has ${has}${bondDenom} available to stake, not ${want}${bondDenom}`,
    )
  }
}

/** Upstream CommissionRates.Validate (the msg server's own check), with gentx's prefix. */
function checkCommission(rate: Dec, maxRate: Dec, maxChangeRate: Dec): void {
  try {
    validateRates({ rate, maxRate, maxChangeRate })
  } catch (err) {
    throw new CliError(`failed to build create-validator message: ${(err as Error).message}`)
  }
}

function dec(text: string, flag: string): Dec {
  try {
    return decFromString(text)
  } catch (err) {
    throw new CliError(
      `failed to build create-validator message: ${flag}: ${(err as Error).message}`,
    )
  }
}

/**
 * `sdkd genesis gentx <key_name> <amount>`: a MsgCreateValidator self-delegating `amount`, signed
 * offline by the key (account number 0, sequence 0, as at genesis), written to
 * `config/gentx/gentx-<node id>.json` (or `--output-document`). Returns the path written.
 */
export async function runGentx(
  g: GlobalFlags,
  keyName: string,
  amount: string,
  f: GentxFlags,
): Promise<string> {
  const paths = homePaths(g.home)
  let nodeId = await homeNodeId(g)
  const pubKey = await validatorPubKey(g, f.pubkey)
  if (f.nodeId) nodeId = f.nodeId
  let genesis: GenesisJson
  try {
    genesis = (await readJsonFile(paths.genesis)) as GenesisJson
  } catch (err) {
    throw new CliError(
      `failed to read genesis doc file ${paths.genesis}: ${(err as Error).message}`,
    )
  }
  try {
    await validateGenesisFile(g)
  } catch (err) {
    throw new CliError(`failed to validate genesis state: ${(err as Error).message}`)
  }
  const kr = await keyringFor(g, f.keyringBackend)
  const key = await kr.get(keyName).catch((err: Error) => {
    throw new CliError(`failed to fetch '${keyName}' from the keyring: ${err.message}`)
  })
  const moniker = f.moniker || (await configMoniker(paths.configToml))
  if (f.chainId !== undefined && f.chainId !== genesis.chain_id) {
    throw new CliError(
      `--chain-id "${f.chainId}" is not the genesis chain id "${genesis.chain_id}": the gentx would not verify at InitChain`,
    )
  }
  let coins: Coin[]
  try {
    coins = parseCoins(amount)
  } catch (err) {
    throw new CliError(`failed to parse coins: ${(err as Error).message}`)
  }
  validateAccountInGenesis(genesis.app_state as Obj, key.address, coins)
  if (coins.length !== 1)
    throw new CliError(
      `failed to build create-validator message: invalid decimal coin expression: ${amount}`,
    )
  const rate = dec(f.commissionRate, '--commission-rate')
  const maxRate = dec(f.commissionMaxRate, '--commission-max-rate')
  const maxChangeRate = dec(f.commissionMaxChangeRate, '--commission-max-change-rate')
  checkCommission(rate, maxRate, maxChangeRate)
  if (!/^\d+$/.test(f.minSelfDelegation) || BigInt(f.minSelfDelegation) <= 0n)
    throw new CliError(
      'failed to build create-validator message: minimum self delegation must be a positive integer',
    )
  if (coins[0]!.amount < BigInt(f.minSelfDelegation))
    throw new CliError('self delegation below minimum')
  if (moniker === '') throw new CliError('empty description: invalid request')

  // Upstream's memo, only when the node id, the IP and the port are all known.
  const memo = f.note ?? (nodeId && f.ip && f.p2pPort ? `${nodeId}@${f.ip}:${f.p2pPort}` : '')
  let fees: Coin[] = []
  try {
    fees = parseCoins(f.fees ?? '')
  } catch (err) {
    throw new CliError(`invalid --fees: ${(err as Error).message}`)
  }
  const registry = protoRegistry()
  const signed = buildGentx(registry, key, {
    chainId: genesis.chain_id,
    description: {
      moniker,
      identity: f.identity,
      website: f.website,
      security_contact: f.securityContact,
      details: f.details,
    },
    rates: [rate, maxRate, maxChangeRate],
    minSelfDelegation: f.minSelfDelegation,
    pubKey,
    value: coins[0]!,
    memo,
    fees,
    gas: gentxGas(f.gas),
  })
  const out =
    f.outputDocument !== undefined && f.outputDocument !== ''
      ? resolve(f.outputDocument)
      : join(paths.configDir, 'gentx', `gentx-${nodeId}.json`)
  if (f.outputDocument === undefined || f.outputDocument === '')
    await makeDir(join(paths.configDir, 'gentx'), 0o700)
  // As upstream, an existing file is never overwritten.
  const handle = await open(out, 'wx', 0o644).catch((err: NodeJS.ErrnoException) => {
    throw new CliError(
      `failed to write signed gen tx: open ${out}: ${err.code === 'EEXIST' ? 'file exists' : err.message}`,
    )
  })
  try {
    await handle.writeFile(`${JSON.stringify(txToJson(registry, signed))}\n`)
  } finally {
    await handle.close()
  }
  return out
}

/** What a gentx's MsgCreateValidator and its tx are made of. */
export interface GentxParams {
  chainId: string
  description: {
    moniker: string
    identity: string
    website: string
    security_contact: string
    details: string
  }
  /** Commission rate, max rate, max change rate. */
  rates: [Dec, Dec, Dec]
  minSelfDelegation: string
  /** The ed25519 consensus key. */
  pubKey: Uint8Array
  value: Coin
  memo: string
  fees: Coin[]
  gas: bigint
}

/** A MsgCreateValidator operated by the key's account, signed offline as at genesis (account number 0, sequence 0). */
export function buildGentx(
  registry: ProtoRegistry,
  key: SigningKey & { address: string },
  p: GentxParams,
): TxObject {
  const msg = registry.packAny('/sdk.staking.v1beta1.MsgCreateValidator', {
    description: p.description,
    commission: {
      rate: decToAtomics(p.rates[0]),
      max_rate: decToAtomics(p.rates[1]),
      max_change_rate: decToAtomics(p.rates[2]),
    },
    min_self_delegation: p.minSelfDelegation,
    delegator_address: '',
    validator_address: addressToBech32(bech32ToAddress(key.address), valoperPrefix()),
    pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', { key: p.pubKey }),
    value: { denom: p.value.denom, amount: p.value.amount.toString() },
  })
  const unsigned = createUnsignedTx({
    messages: [msg],
    fee: { amount: p.fees, gasLimit: p.gas },
    memo: p.memo,
  })
  return signTx(registry, unsigned, key, { chainId: p.chainId, accountNumber: 0n, sequence: 0n })
}

/** The node's moniker in config.toml (empty when the file or the field is missing). */
async function configMoniker(file: string): Promise<string> {
  const { parseTomlFile } = await import('../config/toml.js')
  try {
    const toml = parseTomlFile('config/config.toml', await readFile(file, 'utf8'))
    return typeof toml.moniker === 'string' ? toml.moniker : ''
  } catch {
    return ''
  }
}

/** A gentx's `--gas`: a uint64 as a tx's; `auto` cannot simulate before the chain exists. */
function gentxGas(text: string): bigint {
  const gas = parseGas(text)
  if (gas === 'auto')
    throw new CliError(
      '--gas auto simulates on a running chain, and a gentx comes before it: give a number',
    )
  return gas
}
