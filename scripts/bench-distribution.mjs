// Benchmark: a block's mint and distribution work against the number of delegations.
//
//   npm run bench:distribution [-- --runs 5 --blocks 200 --empty-blocks 2000 --validators 100
//                                   --delegations 0,1000,10000 --inv-check-period 0]
//
// Four devnet nodes run side by side (each its own temp home, REST on a free port, gRPC off, manual
// mining): an empty chain with one validator; and three chains with 100 validators (`sdkd init
// --devnet --validators 100`: the node holds every key, so every block carries 100 signatures and
// x/distribution allocates to 100 validators) holding 0, 1,000 and 10,000 delegations besides the
// validators' own. The delegations are made the way users make them, as signed MsgDelegate txs:
// devnet accounts 1…N each delegate 1 stake-power to every validator, one tx of a message per validator, broadcast
// over REST and mined before any measurement; every tx is checked to have succeeded, and one
// validator's delegation count is read back. So x/staking's hooks and x/distribution's records
// are exactly those of a chain where people delegated.
//
// Then --runs rounds, alternating the four chains in each round (this machine's speed drifts by
// 10–25% within minutes; alternating spreads the drift over all four): each chain mines a burst of
// empty blocks (`dev_mine`, --blocks for the 100-validator chains, --empty-blocks for the one-validator
// chain, whose blocks are too cheap for /proc's 10 ms CPU ticks in a short burst), and the node
// process's CPU time (all its threads, from /proc) and wall time per block are taken. The summary is
// the median per block of each chain. F1 (upstream's design) keeps a block's work O(1) in
// delegations: no per-delegator loop per block, so the three 100-validator figures should agree
// within noise, the one-validator chain being the floor of an empty block. No pass/fail threshold:
// it prints figures to compare. --validators and --delegations change the chains (each count of
// delegations a multiple of the validators); CI's short mode runs 10 validators with 0, 100 and 1,000.
// --inv-check-period N starts every node with that `sdkd start` flag (default 0: no invariants, so
// the figures are a block's own work; 1 asserts them after every block, as a devnet does, and their
// cost, which reads every delegation and withdraws every reward in a throw-away branch, then grows
// with the delegations).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { devnetMnemonic } from '../dist/cli/devnet-preset.js'
import { keyFromMnemonic, pubKeyToAddress } from '../dist/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../dist/client/tx-builder.js'
import { addressToBech32 } from '../dist/codec/address.js'
import { protoRegistry } from '../dist/codec/proto.js'
import { freePort, median, numberArg, rpcCall, statCpuSeconds } from './bench-lib.mjs'

const RUNS = numberArg('runs', 5)
const BLOCKS = numberArg('blocks', 200)
const EMPTY_BLOCKS = numberArg('empty-blocks', 2000)
const VALIDATORS = numberArg('validators', 100)
const INV_CHECK_PERIOD = numberArg('inv-check-period', 0)
const DELEGATIONS = process.argv.includes('--delegations')
  ? process.argv[process.argv.indexOf('--delegations') + 1].split(',').map(Number)
  : [0, 1000, 10000]
/** Each delegation bonds one unit of consensus power. */
const DELEGATION = '1000000'
const SDKD = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))
const CHAIN_ID = 'bench-distribution'

for (const d of DELEGATIONS) {
  if (!Number.isInteger(d) || d < 0 || d % VALIDATORS !== 0)
    throw new Error(`--delegations: expected multiples of ${VALIDATORS} (the validators), got ${d}`)
}
for (const [name, v] of [
  ['validators', VALIDATORS],
  ['runs', RUNS],
  ['blocks', BLOCKS],
  ['empty-blocks', EMPTY_BLOCKS],
]) {
  if (!Number.isInteger(v) || v < 1)
    throw new Error(`--${name}: expected a positive integer, got ${v}`)
}
if (!Number.isInteger(INV_CHECK_PERIOD) || INV_CHECK_PERIOD < 0)
  throw new Error(
    `--inv-check-period: expected a whole number of blocks (0: never), got ${INV_CHECK_PERIOD}`,
  )

const registry = protoRegistry()

/** A devnet node on a fresh home: its RPC and REST URLs, pid and a stop. */
async function startChain(label, validators, delegators) {
  const home = await mkdtemp(join(tmpdir(), 'sdkd-bench-distribution-'))
  const set = validators > 1 ? ['--validators', String(validators)] : []
  const init = spawnSync(
    process.execPath,
    [
      SDKD,
      '--home',
      home,
      'init',
      'bench',
      '--devnet',
      '--chain-id',
      CHAIN_ID,
      '--accounts',
      String(delegators + 1),
      ...set,
    ],
    { encoding: 'utf8' },
  )
  if (init.status !== 0) throw new Error(`sdkd init failed: ${init.stderr}`)
  const rpcPort = await freePort()
  const apiPort = await freePort()
  const node = spawn(
    process.execPath,
    [
      SDKD,
      '--home',
      home,
      '--log_level',
      'warn',
      'start',
      // The invariants (every block on a devnet home) read every delegation by design: by default
      // the benchmark measures a block's own work.
      '--inv-check-period',
      String(INV_CHECK_PERIOD),
      '--rpc.laddr',
      `tcp://127.0.0.1:${rpcPort}`,
      '--api.enable=true',
      '--api.address',
      `tcp://127.0.0.1:${apiPort}`,
      '--grpc.enable=false',
    ],
    { stdio: 'ignore' },
  )
  const rpc = `http://127.0.0.1:${rpcPort}`
  const chain = {
    label,
    home,
    rpc,
    api: `http://127.0.0.1:${apiPort}`,
    pid: node.pid,
    call: (method, params) => rpcCall(rpc, method, params),
    async stop() {
      node.kill('SIGTERM')
      await new Promise((r) => node.once('close', r))
      await rm(home, { recursive: true, force: true })
    },
  }
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      await chain.call('dev_setMining', { mode: 'manual' })
      await fetch(`${chain.api}/sdk/base/tendermint/v1beta1/node_info`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`${label}: the node did not start`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  return chain
}

async function getJson(url) {
  const res = await fetch(url)
  const body = await res.json()
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

/**
 * Devnet accounts 1…`delegators` each delegate to every validator of the chain, one signed tx of
 * MsgDelegates per account, one message per validator; mined, and every tx checked.
 */
async function delegate(chain, delegators) {
  if (delegators === 0) return
  const genesis = JSON.parse(await readFile(join(chain.home, 'config/genesis.json'), 'utf8'))
  const operators = genesis.app_state.staking.validators.map((v) => v.operator_address)
  const bondDenom = genesis.app_state.staking.params.bond_denom
  const hashes = []
  for (let i = 1; i <= delegators; i++) {
    const key = keyFromMnemonic(devnetMnemonic(i))
    const address = addressToBech32(pubKeyToAddress(key.pubKey))
    const { account } = await getJson(`${chain.api}/sdk/auth/v1beta1/accounts/${address}`)
    const messages = operators.map((validator_address) =>
      registry.packAny('/sdk.staking.v1beta1.MsgDelegate', {
        delegator_address: address,
        validator_address,
        amount: { denom: bondDenom, amount: DELEGATION },
      }),
    )
    const tx = signTx(
      registry,
      createUnsignedTx({ messages, fee: { amount: [], gasLimit: 500_000_000n }, memo: '' }),
      key,
      {
        chainId: CHAIN_ID,
        accountNumber: BigInt(account.account_number),
        sequence: BigInt(account.sequence),
      },
    )
    const res = await fetch(`${chain.api}/sdk/tx/v1beta1/txs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tx_bytes: Buffer.from(encodeTxRaw(registry, tx)).toString('base64'),
        mode: 'BROADCAST_MODE_SYNC',
      }),
    })
    const { tx_response } = await res.json()
    if (tx_response?.code !== 0)
      throw new Error(`${chain.label}: delegation tx refused: ${JSON.stringify(tx_response)}`)
    hashes.push(tx_response.txhash)
  }
  for (let i = 0; i < 1000; i++) {
    if (Number((await chain.call('num_unconfirmed_txs')).n_txs) === 0) break
    await chain.call('dev_mine', { blocks: 1 })
  }
  for (const hash of hashes) {
    const { tx_response } = await getJson(`${chain.api}/sdk/tx/v1beta1/txs/${hash}`)
    if (tx_response.code !== 0)
      throw new Error(`${chain.label}: delegation tx ${hash} failed: ${tx_response.raw_log}`)
  }
  const { pagination } = await getJson(
    `${chain.api}/sdk/staking/v1beta1/validators/${operators[0]}/delegations?pagination.count_total=true&pagination.limit=1`,
  )
  if (Number(pagination.total) !== delegators + 1)
    throw new Error(
      `${chain.label}: expected ${delegators + 1} delegations to a validator, got ${pagination.total}`,
    )
}

/** Mines `blocks` empty blocks; CPU and wall µs per block of the node's process. */
async function burst(chain, blocks) {
  const before = Number((await chain.call('dev_status')).height)
  const cpu0 = statCpuSeconds(`/proc/${chain.pid}/stat`)
  const t = performance.now()
  const { height } = await chain.call('dev_mine', { blocks })
  const wall = (performance.now() - t) * 1000
  const cpu = (statCpuSeconds(`/proc/${chain.pid}/stat`) - cpu0) * 1e6
  if (Number(height) !== before + blocks)
    throw new Error(`${chain.label}: expected height ${before + blocks}, got ${height}`)
  return { cpu: cpu / blocks, wall: wall / blocks }
}

const us = (x) => `${Math.round(x).toLocaleString('en-US')} µs`

const count = (n) => n.toLocaleString('en-US')
const specs = [
  { label: 'empty chain, 1 validator', validators: 1, delegators: 0, blocks: EMPTY_BLOCKS },
  ...DELEGATIONS.map((d) => ({
    label: `${VALIDATORS} validators, ${count(d)} delegations`,
    validators: VALIDATORS,
    delegators: d / VALIDATORS,
    blocks: BLOCKS,
  })),
]

const chains = []
try {
  for (const s of specs) {
    const t = performance.now()
    const chain = await startChain(s.label, s.validators, s.delegators)
    chains.push(chain)
    await delegate(chain, s.delegators)
    const rewards = await fetch(
      `${chain.api}/sdk/distribution/v1beta1/delegators/${addressToBech32(pubKeyToAddress(keyFromMnemonic(devnetMnemonic(1)).pubKey))}/rewards`,
    )
    const served = rewards.status === 200 ? (await rewards.json()).rewards.length : undefined
    console.log(
      `${s.label}: ready in ${((performance.now() - t) / 1000).toFixed(1)} s${s.delegators ? ` (${(s.delegators * VALIDATORS).toLocaleString('en-US')} delegations by ${s.delegators} accounts, in ${s.delegators} txs)` : ''}${served === undefined ? '; x/distribution not served by this build' : s.delegators ? `; account 1 has rewards from ${served} validators` : ''}`,
    )
  }
  // A first burst each, not counted: V8 compiles the block path.
  for (const [i, chain] of chains.entries()) await burst(chain, Math.ceil(specs[i].blocks / 4))
  const results = specs.map(() => [])
  for (let run = 1; run <= RUNS; run++) {
    const line = []
    for (const [i, chain] of chains.entries()) {
      const r = await burst(chain, specs[i].blocks)
      results[i].push(r)
      line.push(`${specs[i].label} ${us(r.cpu)}`)
    }
    console.log(`run ${run}/${RUNS}, CPU per block: ${line.join('; ')}`)
  }
  const invariants =
    INV_CHECK_PERIOD === 0
      ? 'no invariants'
      : INV_CHECK_PERIOD === 1
        ? 'invariants after every block'
        : `invariants after every ${INV_CHECK_PERIOD} blocks`
  console.log(
    `median of ${RUNS} alternating runs, per block (CPU of the node's process; wall; ${invariants}):`,
  )
  for (const [i, s] of specs.entries()) {
    const cpu = median(results[i].map((r) => r.cpu))
    const wall = median(results[i].map((r) => r.wall))
    console.log(
      `  ${s.label.padEnd(36)} ${us(cpu).padStart(10)} CPU, ${us(wall).padStart(10)} wall`,
    )
  }
} finally {
  for (const chain of chains) await chain.stop()
}
