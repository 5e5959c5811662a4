import { sha256 } from '@noble/hashes/sha2.js'
import { type Bytes, fromBase64Strict, toHexUpper, utf8 } from '../codec/bytes.js'
import { parseRfc3339, type TimeNs } from '../codec/time.js'
import { ConfigError } from './fields.js'
import { consensusAddress } from './validator-key.js'

/** A genesis validator (CometBFT GenesisValidator JSON). */
export interface GenesisValidatorJson {
  address: string
  pub_key: { type: string; value: string }
  power: string
  name: string
}

/** genesis.json (SDK v0.50 AppGenesis layout). */
export interface GenesisJson {
  app_name: string
  app_version: string
  genesis_time: string
  chain_id: string
  initial_height: number
  app_hash: string | null
  app_state: Record<string, unknown>
  consensus: {
    validators: GenesisValidatorJson[]
    params: {
      block: { max_bytes: string; max_gas: string }
      evidence: { max_age_num_blocks: string; max_age_duration: string; max_bytes: string }
      validator: { pub_key_types: string[] }
      version: { app: string }
      abci: { vote_extensions_enable_height: string }
    }
  }
}

/** Genesis facts the node uses, validated. */
export interface Genesis {
  json: GenesisJson
  chainId: string
  genesisTime: TimeNs
  initialHeight: number
  validators: { address: Bytes; pubKey: Bytes; power: bigint; name: string }[]
  blockMaxBytes: bigint
  blockMaxGas: bigint
  appState: Record<string, unknown>
  /** sha256 of the genesis document (compact JSON): the chain in `data/` remembers it. */
  hash: Bytes
}

/** CometBFT's limit on chain ids. */
export const MAX_CHAIN_ID_LENGTH = 50

/** Default consensus params (CometBFT defaults). */
export function defaultConsensusParams(): GenesisJson['consensus']['params'] {
  return {
    block: { max_bytes: '22020096', max_gas: '-1' },
    evidence: {
      max_age_num_blocks: '100000',
      max_age_duration: '172800000000000',
      max_bytes: '1048576',
    },
    validator: { pub_key_types: ['ed25519'] },
    version: { app: '0' },
    abci: { vote_extensions_enable_height: '0' },
  }
}

type Obj = Record<string, unknown>

/** Validates parsed genesis.json; errors name the file and the field. */
export function readGenesis(file: string, data: unknown): Genesis {
  const fail = (field: string, problem: string): never => {
    throw new ConfigError(file, field, problem)
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    fail('', 'expected a JSON object')
  const g = data as Obj
  const str = (v: unknown, field: string): string =>
    typeof v === 'string' ? v : fail(field, `expected a string, got ${JSON.stringify(v)}`)
  const obj = (v: unknown, field: string): Obj =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Obj)
      : fail(field, 'expected an object')
  const int = (v: unknown, field: string, min: bigint): bigint => {
    const text =
      typeof v === 'number' && Number.isInteger(v)
        ? String(v)
        : typeof v === 'string'
          ? v
          : undefined
    if (text === undefined || !/^-?\d+$/.test(text))
      return fail(field, `expected an integer, got ${JSON.stringify(v)}`)
    const n = BigInt(text)
    if (n < min) fail(field, `must be at least ${min}, got ${n}`)
    return n
  }

  const chainId = str(g.chain_id, 'chain_id')
  if (chainId.trim() === '') fail('chain_id', 'must not be empty')
  if (chainId.length > MAX_CHAIN_ID_LENGTH)
    fail('chain_id', `must be at most ${MAX_CHAIN_ID_LENGTH} characters, got ${chainId.length}`)

  let genesisTime: TimeNs
  try {
    genesisTime = parseRfc3339(str(g.genesis_time, 'genesis_time'))
  } catch {
    fail('genesis_time', `expected an RFC 3339 time, got ${JSON.stringify(g.genesis_time)}`)
  }
  // CometBFT's ValidateAndComplete: an initial height of 0 (what a zero-height export writes) is 1.
  const given = g.initial_height === undefined ? 1n : int(g.initial_height, 'initial_height', 0n)
  const initialHeight = given === 0n ? 1n : given
  if (initialHeight > BigInt(Number.MAX_SAFE_INTEGER)) fail('initial_height', 'too large')

  const consensus = obj(g.consensus, 'consensus')
  const params = obj(consensus.params, 'consensus.params')
  const block = obj(params.block, 'consensus.params.block')
  const blockMaxBytes = int(block.max_bytes, 'consensus.params.block.max_bytes', -1n)
  if (blockMaxBytes === 0n) fail('consensus.params.block.max_bytes', 'must not be 0')
  const blockMaxGas = int(block.max_gas, 'consensus.params.block.max_gas', -1n)
  const evidence = obj(params.evidence ?? {}, 'consensus.params.evidence')
  if (evidence.max_age_num_blocks !== undefined)
    int(evidence.max_age_num_blocks, 'consensus.params.evidence.max_age_num_blocks', 1n)

  if (!Array.isArray(consensus.validators)) fail('consensus.validators', 'expected an array')
  const list = consensus.validators as unknown[]
  const seen = new Set<string>()
  const validators = list.map((v, i) => {
    const field = `consensus.validators[${i}]`
    const val = obj(v, field)
    const pk = obj(val.pub_key, `${field}.pub_key`)
    if (pk.type !== 'tendermint/PubKeyEd25519') {
      fail(
        `${field}.pub_key.type`,
        `expected "tendermint/PubKeyEd25519", got ${JSON.stringify(pk.type)}`,
      )
    }
    const pubKey = typeof pk.value === 'string' ? fromBase64Strict(pk.value) : undefined
    if (pubKey?.length !== 32)
      fail(`${field}.pub_key.value`, 'expected base64 of a 32-byte ed25519 key')
    const address = consensusAddress(pubKey!)
    if (
      val.address !== undefined &&
      str(val.address, `${field}.address`).toUpperCase() !== toHexUpper(address)
    ) {
      fail(`${field}.address`, `does not match the public key (expected ${toHexUpper(address)})`)
    }
    const power = int(val.power, `${field}.power`, 1n)
    if (seen.has(toHexUpper(address)))
      fail(`${field}.address`, `duplicate validator ${toHexUpper(address)}`)
    seen.add(toHexUpper(address))
    return { address, pubKey: pubKey!, power, name: typeof val.name === 'string' ? val.name : '' }
  })

  const appState = obj(g.app_state ?? {}, 'app_state')
  return {
    json: g as unknown as GenesisJson,
    chainId,
    genesisTime: genesisTime!,
    initialHeight: Number(initialHeight),
    validators,
    blockMaxBytes,
    blockMaxGas,
    appState,
    hash: sha256(utf8(JSON.stringify(g))),
  }
}
