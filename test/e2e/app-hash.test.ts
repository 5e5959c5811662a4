import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { devnetMnemonic } from '../../src/cli/devnet-preset.js'
import { keyFromMnemonic, pubKeyToAddress } from '../../src/client/keyring.js'
import {
  createUnsignedTx,
  encodeTxRaw,
  type SigningKey,
  signTx,
} from '../../src/client/tx-builder.js'
import { addressToBech32 } from '../../src/codec/address.js'
import { toBase64 } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { ed25519FromSeed, privValidatorKeyJson } from '../../src/config/validator-key.js'
import {
  boundPorts,
  getJson,
  rpcCall,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * DETERMINISM PIN of sdkd's own app hash design (not upstream's IAVL): each store is summarised by
 * an LtHash (a homomorphic multiset hash; a new home's element hash is ChaCha20's keystream under
 * SHA-256 of the pair) and the app hash is the merkle root over
 * (store name, store hash). A fixed genesis plus a fixed sequence of signed txs in fixed blocks,
 * delivered on LevelDB, must end in this one app hash, on any machine, in any run.
 *
 * This constant may change only with a deliberate, documented change of the state layout or of the
 * app hash design (a store prefix, a value encoding, a module's genesis, the LtHash itself): say so
 * in the commit and the changelog. A change nobody meant is a determinism bug — do not "update the pin".
 */
// Last changed deliberately: a devnet genesis's validators have their commission's update_time at
// the genesis time, as gentxs delivered at genesis have it (it was 1970-01-01). Before that: a new home's element hash is sha256-chacha20 (ChaCha20's keystream under
// SHA-256 of the pair), about a sixth of SHAKE-256's cost; homes made before keep shake256 (their
// record, src/store/lthash.ts). Before that: InitGenesis runs at block height 0 on a chain whose initial height is 1,
// as upstream's InitChain, so the validators and delegations genesis creates start their signing
// infos and reward periods at 0 (they started at 1). Before that: x/distribution joined both app versions (its store: params, fee
// pool, the previous proposer, the validators' periods and the delegations' starting infos; each
// block moves the fee collector's coins to its module account), and the mint and distribution
// module accounts are declared by x/auth, created at auth genesis; and x/auth's account-number
// index moved to upstream's Unique index layout (`"accountNumber" ‖ uint64 BE` instead of
// `0x03 ‖ uint64`), so that SetAccount's accesses and their gas are upstream's. Before that: x/mint joined both app versions; its store holds the minter and params,
// its module account exists from genesis, and every block mints its provision to the fee collector
// (balances and the bond denom's supply change each block). Before that: the devnet genesis
// describes its bond denom in bank `denom_metadata` (one more x/bank store entry); before that: staking's LegacyDec fields stored in upstream's wire
// form, the integer scaled by 10^18.
const PINNED_APP_HASH = '2B5DCB85DBA107BDC912360E2F81DA7ADCF315ADD7FB26028EDD9892F5BC9DF0'

const APP_VERSION = 'v2'
const CHAIN_ID = 'app-hash-pin-1'
const GENESIS_TIME = '2025-01-01T00:00:00Z'
/** The validator's ed25519 seed: its key, address and every block signature are fixed too. */
const VALIDATOR_SEED = new Uint8Array(32).fill(0x42)

const registry = protoRegistry()
/** The devnet's well-known keys (src/cli/devnet-preset.ts): validator 0, alice 1, bob 2, account3 3. */
const keys = [0, 1, 2, 3].map((i) => keyFromMnemonic(devnetMnemonic(i)))
const addressOf = (k: SigningKey) => addressToBech32(pubKeyToAddress(k.pubKey))
const [validator, alice, bob, account3] = keys as [SigningKey, SigningKey, SigningKey, SigningKey]
/** An address with no account yet: the send to it creates one (and takes an account number). */
const NEWCOMER = addressToBech32(new Uint8Array(20).fill(9))

/** One signed MsgSend, all fields fixed (account numbers: genesis order of the devnet accounts). */
function send(
  from: SigningKey,
  o: {
    accountNumber: bigint
    sequence: bigint
    to: string
    amount: string
    denom: string
    memo: string
  },
): string {
  const unsigned = createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: addressOf(from),
        to_address: o.to,
        amount: [{ denom: o.denom, amount: o.amount }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 5000n }], gasLimit: 200_000n },
    memo: o.memo,
  })
  const signed = signTx(registry, unsigned, from, {
    chainId: CHAIN_ID,
    accountNumber: o.accountNumber,
    sequence: o.sequence,
  })
  return toBase64(encodeTxRaw(registry, signed))
}

/** The blocks after the genesis block: their time, their txs and the code each tx must end with. */
const BLOCKS: { time: string; txs: string[]; codes: number[] }[] = [
  {
    time: '2025-01-01T00:00:05Z',
    txs: [
      send(alice, {
        accountNumber: 1n,
        sequence: 0n,
        to: addressOf(bob),
        amount: '1000',
        denom: 'stake',
        memo: 'pin 1',
      }),
    ],
    codes: [0],
  },
  {
    time: '2025-01-01T00:00:10Z',
    txs: [
      send(bob, {
        accountNumber: 2n,
        sequence: 0n,
        to: addressOf(alice),
        amount: '5',
        denom: 'token',
        memo: 'pin 2',
      }),
      send(alice, {
        accountNumber: 1n,
        sequence: 1n,
        to: NEWCOMER,
        amount: '7',
        denom: 'stake',
        memo: '',
      }),
    ],
    codes: [0, 0],
  },
  {
    // More than account3 holds: the message fails (5 insufficient funds), the fee and sequence stay.
    time: '2025-01-01T00:00:15Z',
    txs: [
      send(account3, {
        accountNumber: 3n,
        sequence: 0n,
        to: addressOf(alice),
        amount: '1000000000000000000000',
        denom: 'stake',
        memo: 'too much',
      }),
    ],
    codes: [5],
  },
  {
    time: '2025-01-01T00:00:20.123456789Z',
    txs: [
      send(validator, {
        accountNumber: 0n,
        sequence: 0n,
        to: NEWCOMER,
        amount: '1',
        denom: 'token',
        memo: 'pin 4',
      }),
    ],
    codes: [0],
  },
  { time: '2025-01-01T00:00:25Z', txs: [], codes: [] },
]
const LAST_HEIGHT = 1 + BLOCKS.length

/** A devnet home made the same way every time: fixed chain id, validator key and genesis time. */
async function makeHome(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const home = await tempDir('sdkd-app-hash-')
  // `init` keeps a validator key it finds (as upstream), so genesis validators and the devnet's
  // bonded validator are made from this one.
  const key = ed25519FromSeed(VALIDATOR_SEED)
  await mkdir(join(home.dir, 'config'), { recursive: true })
  await writeFile(
    join(home.dir, 'config/priv_validator_key.json'),
    `${JSON.stringify(privValidatorKeyJson(key), null, 2)}\n`,
  )
  const r = await runSdkd([
    '--home',
    home.dir,
    '--app-version',
    APP_VERSION,
    'init',
    'node0',
    '--devnet',
    '--chain-id',
    CHAIN_ID,
  ])
  expect(r.code, r.stderr).toBe(0)
  const file = join(home.dir, 'config/genesis.json')
  const genesis = JSON.parse(await readFile(file, 'utf8'))
  expect(genesis.consensus.validators).toEqual([
    expect.objectContaining({
      pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(key.pubKey) },
    }),
  ])
  genesis.genesis_time = GENESIS_TIME
  // init set the validators' commission time to the genesis time it wrote, as a gentx would.
  for (const v of genesis.app_state.staking.validators) {
    expect(v.commission.update_time).not.toBe(GENESIS_TIME)
    v.commission.update_time = GENESIS_TIME
  }
  await writeFile(file, `${JSON.stringify(genesis, null, 2)}\n`)
  return home
}

/** Starts a node on the home; block 1 (genesis time) comes at once, the next only when mined. */
async function startNode(dir: string): Promise<{ p: SdkdProcess; port: number }> {
  const p = startSdkd([
    '--home',
    dir,
    '--app-version',
    APP_VERSION,
    'start',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable=false',
    '--grpc.enable=false',
    '--timeout-commit',
    '1h',
  ])
  procs.push(p)
  const { rpcPort } = await boundPorts(p)
  await p.waitForLog((l) => l.msg === 'committed block')
  return { p, port: rpcPort }
}

async function call(port: number, method: string, params: Record<string, unknown> = {}) {
  const reply = await rpcCall(port, method, params)
  if (!reply.result) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`)
  return reply.result
}

/** Mines BLOCKS by hand: each block's txs through broadcast_tx_sync, its time, then dev_mine. */
async function drive(port: number): Promise<void> {
  await call(port, 'dev_setMining', { mode: 'manual' })
  for (const [i, b] of BLOCKS.entries()) {
    for (const tx of b.txs) expect((await call(port, 'broadcast_tx_sync', { tx })).code).toBe(0)
    await call(port, 'dev_setNextBlockTime', { time: b.time })
    expect(await call(port, 'dev_mine', { blocks: 1 })).toEqual({ height: String(i + 2) })
    const results = await call(port, 'block_results', { height: String(i + 2) })
    expect((results.txs_results ?? []).map((r: { code?: number }) => r.code ?? 0)).toEqual(b.codes)
  }
}

/** Per height: block id, header app hash (state before the block) and results app hash (after). */
async function chainOf(port: number) {
  const out: { height: number; blockId: string; headerAppHash: string; appHash: string }[] = []
  for (let h = 1; h <= LAST_HEIGHT; h++) {
    const { body: block } = await getJson(`http://127.0.0.1:${port}/block?height=${h}`)
    const { body: results } = await getJson(`http://127.0.0.1:${port}/block_results?height=${h}`)
    out.push({
      height: h,
      blockId: block.result.block_id.hash,
      headerAppHash: block.result.block.header.app_hash,
      // block_results gives the app hash as base64 (CometBFT's []byte), headers as hex.
      appHash: Buffer.from(results.result.app_hash, 'base64').toString('hex').toUpperCase(),
    })
  }
  return out
}

const procs: SdkdProcess[] = []
const homes: { cleanup(): Promise<void> }[] = []
afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()))
  await Promise.all(homes.map((h) => h.cleanup()))
})

describe('app hash determinism (LtHash design pin)', () => {
  test('behavior: two homes made the same way and driven by the same txs agree at every height; the end app hash is the pinned one, also in a fresh process', async () => {
    const [a, b] = await Promise.all([makeHome(), makeHome()])
    homes.push(a, b)
    const [na, nb] = await Promise.all([startNode(a.dir), startNode(b.dir)])
    await Promise.all([drive(na.port), drive(nb.port)])

    const chainA = await chainOf(na.port)
    const chainB = await chainOf(nb.port)
    expect(chainA).toHaveLength(LAST_HEIGHT)
    expect(chainB).toEqual(chainA)
    for (const [i, h] of chainA.entries()) {
      if (i > 0) expect(h.headerAppHash).toBe(chainA[i - 1]!.appHash)
    }
    // CometBFT gives block 1 the empty tree root as its last_results_hash, not nothing.
    const { body: first } = await getJson(`http://127.0.0.1:${na.port}/block?height=1`)
    expect(first.result.block.header.last_results_hash).toBe(
      'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    )
    expect(chainA.at(-1)!.appHash).toBe(PINNED_APP_HASH)

    // A fresh process on home A reloads the state from LevelDB and builds on the same app hash.
    await na.p.stop()
    const fresh = await startNode(a.dir)
    const { body: next } = await getJson(
      `http://127.0.0.1:${fresh.port}/block?height=${LAST_HEIGHT + 1}`,
    )
    expect(next.result.block.header.app_hash).toBe(PINNED_APP_HASH)
    expect(next.result.block.header.last_block_id.hash).toBe(chainA.at(-1)!.blockId)
    const { body: results } = await getJson(
      `http://127.0.0.1:${fresh.port}/block_results?height=${LAST_HEIGHT}`,
    )
    expect(results.result.app_hash).toBe(Buffer.from(PINNED_APP_HASH, 'hex').toString('base64'))
  })
})
