import { secp256k1 } from '@noble/curves/secp256k1.js'
import {
  createUnsignedTx,
  encodeTxRaw,
  type SigningKey,
  signTx,
  type TxObject,
} from '../../src/client/tx-builder.js'
import { addressToBech32 } from '../../src/codec/address.js'
import type { Bytes } from '../../src/codec/bytes.js'
import { type Coin, parseCoins } from '../../src/codec/coins.js'
import type { AnyMessage } from '../../src/codec/proto.js'
import { secp256k1Address } from '../../src/tx/secp256k1.js'
import { cleanupAfterEach } from './cleanup.js'
import { createTestNode, type TestNodeOptions } from './test-node.js'

/** A test account: a fixed secp256k1 key and its address. */
export interface TestAccount extends SigningKey {
  address: string
  addressBytes: Bytes
}

/** A deterministic test key (private key = 32 bytes of `seed`). */
export function testAccount(seed: number): TestAccount {
  const privateKey = new Uint8Array(32).fill(seed)
  const pubKey = secp256k1.getPublicKey(privateKey, true)
  const addressBytes = secp256k1Address(pubKey)
  return { privateKey, pubKey, addressBytes, address: addressToBech32(addressBytes) }
}

export const CHAIN_ID = 'tx-test'

export interface TxTestNodeOptions
  extends Pick<TestNodeOptions, 'app' | 'node' | 'appVersion' | 'block' | 'database'> {
  /** Genesis balances per account (default: 1000000stake,500token for accounts 1 and 2). */
  funded?: { account: TestAccount; coins: string }[]
}

/** A node (the one fixture, test-node.ts) with two funded test accounts and helpers to sign txs. */
export async function createTxTestNode(options: TxTestNodeOptions = {}) {
  const alice = testAccount(1)
  const bob = testAccount(2)
  const funded = options.funded ?? [
    { account: alice, coins: '1000000stake,500token' },
    { account: bob, coins: '1000000stake' },
  ]
  const { funded: _funded, ...rest } = options
  const { node, home, close } = await createTestNode({
    ...rest,
    chainId: CHAIN_ID,
    accounts: funded.map((f) => ({
      address: f.account.address,
      coins: parseCoins(f.coins).map((c) => ({ denom: c.denom, amount: c.amount.toString() })),
    })),
  })
  const registry = node.registry
  const tx = node.tx!

  /** A MsgSend as Any. */
  const msgSend = (from: TestAccount, to: string, amount: string): AnyMessage =>
    registry.packAny('/sdk.bank.v1beta1.MsgSend', {
      from_address: from.address,
      to_address: to,
      amount: parseCoins(amount).map((c) => ({ denom: c.denom, amount: c.amount.toString() })),
    })

  /** A signed tx's bytes. */
  const signed = (
    signer: TestAccount,
    messages: AnyMessage[],
    o: {
      sequence?: bigint
      accountNumber?: bigint
      chainId?: string
      fee?: Coin[]
      gas?: bigint
      memo?: string
      timeoutHeight?: bigint
      edit?: (tx: TxObject) => TxObject
    } = {},
  ): Bytes => {
    let t = createUnsignedTx({
      messages,
      fee: { amount: o.fee ?? [], gasLimit: o.gas ?? 200_000n },
      ...(o.memo !== undefined ? { memo: o.memo } : {}),
      ...(o.timeoutHeight !== undefined ? { timeoutHeight: o.timeoutHeight } : {}),
    })
    t = signTx(registry, t, signer, {
      chainId: o.chainId ?? CHAIN_ID,
      accountNumber: o.accountNumber ?? (signer === bob ? 1n : 0n),
      sequence: o.sequence ?? 0n,
    })
    if (o.edit) t = o.edit(t)
    return encodeTxRaw(registry, t)
  }

  /** The balance of an address in a denom at the latest committed height. */
  const balance = async (address: Bytes, denom = 'stake'): Promise<bigint> => {
    const r = await node.router.run(
      node.router.byPath('/sdk.bank.v1beta1.Query/Balance')!,
      { address: addressToBech32(address), denom },
      node.blocks.latest?.block.header.height ?? 0,
    )
    return BigInt(String(r.balance?.amount ?? 0))
  }

  return {
    node,
    home,
    registry,
    tx,
    alice,
    bob,
    msgSend,
    signed,
    balance,
    /** Produces one block (with whatever the mempool holds). */
    block: () => node.producer.produceBlock(),
    close,
  }
}

export type TxTestNode = Awaited<ReturnType<typeof createTxTestNode>>

/** A fee in stake. */
export const stakeFee = (amount: bigint): Coin[] => [{ denom: 'stake', amount }]

/**
 * For a test file whose tests each start their own tx node: `node(options)` starts one past its
 * first block, closed after the test.
 */
export function txNodePerTest(): (options?: TxTestNodeOptions) => Promise<TxTestNode> {
  const cleanups = cleanupAfterEach()
  return async (options = {}) => {
    const t = await createTxTestNode(options)
    cleanups.push(t.close)
    await t.block()
    return t
  }
}
