import { afterAll, beforeAll, expect, test } from 'vitest'
import { concatBytes, uint64BE, utf8 } from '../../../src/codec/bytes.js'
import { createTxTestNode, stakeFee } from '../../helpers/tx-node.js'

/**
 * A home made before sdkd kept the account-number index in upstream's layout holds it at
 * `0x03 ‖ uint64` (now `"accountNumber" ‖ uint64`). Such a home is made here by moving bob's entry
 * back; the chain must keep answering for him and keep his account working.
 */
let t: Awaited<ReturnType<typeof createTxTestNode>>
beforeAll(async () => {
  t = await createTxTestNode()
  await t.block()
})
afterAll(async () => {
  await t?.close()
})

const BOB_NUMBER = 1n
const newKey = concatBytes(utf8('accountNumber'), uint64BE(BOB_NUMBER))
const oldKey = concatBytes(Uint8Array.of(0x03), uint64BE(BOB_NUMBER))

async function addressById(): Promise<unknown> {
  const height = t.node.blocks.latest!.block.header.height
  return t.node.router.run(
    t.node.router.byPath('/sdk.auth.v1beta1.Query/AccountAddressByID')!,
    { account_id: BOB_NUMBER.toString() },
    height,
  )
}

test("behavior: address_by_id answers from the old index; the account's next tx writes the new one", async () => {
  await t.node.producer.produceBlocks(1, {
    edit: async (ctx) => {
      const store = ctx.state.store('auth')
      store.delete(newKey)
      store.set(oldKey, t.bob.addressBytes)
    },
  })
  const view = () => t.node.store.view(t.node.blocks.latest!.block.header.height).store('auth')
  expect(await view().get(newKey)).toBeUndefined()
  expect(await addressById()).toEqual({ account_address: t.bob.address })
  // bob's first tx stores his key and sequence: SetAccount writes the index in upstream's layout.
  const bytes = t.signed(t.bob, [t.msgSend(t.bob, t.alice.address, '5stake')], {
    fee: stakeFee(200n),
  })
  expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
  const block = await t.block()
  expect(block.results[0]!.code).toBe(0)
  expect(await view().get(newKey)).toEqual(t.bob.addressBytes)
  expect(await addressById()).toEqual({ account_address: t.bob.address })
})
