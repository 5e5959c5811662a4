import { join } from 'node:path'
import { Secp256k1HdWallet } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import {
  GasPrice,
  QueryClient,
  SigningStargateClient,
  StargateClient,
  setupSlashingExtension,
  setupStakingExtension,
} from '@cosmjs/stargate'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import { bech32 } from '@scure/base'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { rpcCall, type SdkdProcess, startCosmosDevnet } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Unmodified cosmjs staking and slashing against `sdkd devnet --brand cosmos`: the signing client's
 * delegateTokens / undelegateTokens with a direct and an amino wallet, and the staking and slashing
 * query extensions. Expected values come from the README's devnet accounts, the amounts the test
 * sends and upstream's defaults (unbonding_time 21 days; slashing window 100), never from sdkd's code.
 */

const cleanups = cleanupAfterAll()
const CHAIN_ID = 'cosmjs-staking'

/** The README's devnet accounts (brand sdk addresses) and mnemonics. */
const README = {
  validator: 'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk',
  alice: {
    sdk: 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn',
    mnemonic:
      'gap around muffin visual plastic catalog limb beef oyster captain emotion rookie absent soup cake vendor reveal hill fan ivory merit art evidence inch',
  },
  bob: {
    sdk: 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34',
    mnemonic:
      'valve box devote frame arrive police track roof top lake stadium saddle what wheat exact height bundle fossil chaos strike wagon garage dismiss imitate',
  },
} as const

/** The same bytes under another prefix (@scure/base, not sdkd's codec). */
const rebech = (prefix: string, address: string) =>
  bech32.encode(prefix, bech32.decode(address as `${string}1${string}`).words)

const ALICE = rebech('cosmos', README.alice.sdk)
const BOB = rebech('cosmos', README.bob.sdk)
/** The devnet's validator is operated by the `validator` account: the same bytes as a valoper. */
const VALOPER = rebech('cosmosvaloper', README.validator)
/** README: the validator bonds 10000000stake at genesis. */
const GENESIS_BOND = 10_000_000n
const GAS_PRICE = GasPrice.fromString('0.025stake')
const UNBONDING_SECONDS = 21 * 24 * 3600

let p: SdkdProcess
let rpc: string
let rpcPort: number
let queries: ReturnType<typeof queryClient>

function queryClient(comet: Comet38Client) {
  return QueryClient.withExtensions(comet, setupStakingExtension, setupSlashingExtension)
}

beforeAll(async () => {
  const dir = await tempDir('sdkd-cosmjs-staking-')
  cleanups.push(dir.cleanup)
  const devnet = await startCosmosDevnet(join(dir.dir, 'home'), CHAIN_ID, { api: false })
  p = devnet.p
  cleanups.push(() => p.stop())
  rpcPort = devnet.rpcPort
  rpc = devnet.rpc
  const comet = await Comet38Client.connect(rpc)
  cleanups.push(() => comet.disconnect())
  queries = queryClient(comet)
})

describe('unmodified cosmjs staking and slashing against sdkd devnet --brand cosmos (e2e)', () => {
  test('behavior: the staking extension reads the genesis validator, its self-delegation and the pool', async () => {
    const { validators } = await queries.staking.validators('BOND_STATUS_BONDED')
    expect(validators.map((v) => v.operatorAddress)).toEqual([VALOPER])
    expect(validators[0]!.tokens).toBe(GENESIS_BOND.toString())
    const { pool } = await queries.staking.pool()
    expect(pool!.bondedTokens).toBe(GENESIS_BOND.toString())
    const { params } = await queries.staking.params()
    expect(params!.bondDenom).toBe('stake')
    expect(params!.unbondingTime!.seconds).toBe(BigInt(UNBONDING_SECONDS))
  })

  test('behavior: delegateTokens with a direct wallet bonds the tokens (code 0): the delegation, the validator and the pool show them', async () => {
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(README.alice.mnemonic, {
      prefix: 'cosmos',
    })
    const signing = await SigningStargateClient.connectWithSigner(rpc, wallet, {
      gasPrice: GAS_PRICE,
      broadcastPollIntervalMs: 50,
    })
    const res = await signing.delegateTokens(
      ALICE,
      VALOPER,
      { denom: 'stake', amount: '5000000' },
      'auto',
    )
    signing.disconnect()
    expect(res.rawLog).toBe('')
    expect(res.code).toBe(0)
    const { delegationResponse } = await queries.staking.delegation(ALICE, VALOPER)
    expect(delegationResponse!.balance).toEqual({ denom: 'stake', amount: '5000000' })
    const { validator } = await queries.staking.validator(VALOPER)
    expect(validator!.tokens).toBe((GENESIS_BOND + 5_000_000n).toString())
    expect((await queries.staking.pool()).pool!.bondedTokens).toBe(
      (GENESIS_BOND + 5_000_000n).toString(),
    )
    const mine = await queries.staking.delegatorDelegations(ALICE)
    expect(mine.delegationResponses.map((d) => d.delegation!.validatorAddress)).toEqual([VALOPER])
  })

  test('behavior: delegateTokens and undelegateTokens with an amino wallet (legacy amino JSON) make an unbonding entry that completes 21 days later by block time', async () => {
    const wallet = await Secp256k1HdWallet.fromMnemonic(README.bob.mnemonic, { prefix: 'cosmos' })
    const signing = await SigningStargateClient.connectWithSigner(rpc, wallet, {
      gasPrice: GAS_PRICE,
      broadcastPollIntervalMs: 50,
    })
    cleanups.push(() => signing.disconnect())
    const delegated = await signing.delegateTokens(
      BOB,
      VALOPER,
      { denom: 'stake', amount: '3000000' },
      'auto',
    )
    expect(delegated.rawLog).toBe('')
    expect(delegated.code).toBe(0)
    const before = BigInt((await signing.getBalance(BOB, 'stake')).amount)
    const undelegated = await signing.undelegateTokens(
      BOB,
      VALOPER,
      { denom: 'stake', amount: '2000000' },
      'auto',
    )
    expect(undelegated.rawLog).toBe('')
    expect(undelegated.code).toBe(0)
    const fee = before - BigInt((await signing.getBalance(BOB, 'stake')).amount)

    const { unbond } = await queries.staking.unbondingDelegation(BOB, VALOPER)
    expect(unbond!.entries).toHaveLength(1)
    const entry = unbond!.entries[0]!
    expect(entry.balance).toBe('2000000')
    expect(entry.creationHeight).toBe(BigInt(undelegated.height))
    const block = await StargateClient.connect(rpc).then(async (c) => {
      const b = await c.getBlock(undelegated.height)
      c.disconnect()
      return b
    })
    const blockSeconds = BigInt(Math.floor(Date.parse(block.header.time) / 1000))
    expect(entry.completionTime!.seconds).toBe(blockSeconds + BigInt(UNBONDING_SECONDS))
    expect((await queries.staking.delegation(BOB, VALOPER)).delegationResponse!.balance).toEqual({
      denom: 'stake',
      amount: '1000000',
    })

    // Time travel past the completion time: the next block's EndBlocker pays the tokens back.
    const jump = await rpcCall(rpcPort, 'dev_increaseTime', { seconds: UNBONDING_SECONDS + 1 })
    expect(jump.error).toBeUndefined()
    expect((await rpcCall(rpcPort, 'dev_mine', { blocks: 1 })).error).toBeUndefined()
    expect((await queries.staking.delegatorUnbondingDelegations(BOB)).unbondingResponses).toEqual(
      [],
    )
    const after = BigInt((await signing.getBalance(BOB, 'stake')).amount)
    expect(after - before).toBe(2_000_000n - fee)
  })

  test('behavior: the slashing extension reads upstream default params and the validator signing info', async () => {
    const { params } = await queries.slashing.params()
    expect(params!.signedBlocksWindow).toBe(100n)
    const { info } = await queries.slashing.signingInfos()
    expect(info).toHaveLength(1)
    expect(info[0]!.address.startsWith('cosmosvalcons1')).toBe(true)
    expect(info[0]!.tombstoned).toBe(false)
    const one = await queries.slashing.signingInfo(info[0]!.address)
    expect(one.valSigningInfo!.address).toBe(info[0]!.address)
  })
})
