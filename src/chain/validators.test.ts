import { createPublicKey, verify } from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { testBlockSigner } from '../../test/helpers/block-signer.js'
import {
  type ChainOptions,
  type Disk,
  disks,
  genesisFor,
  openChain,
  version,
} from '../../test/helpers/producer-chain.js'
import type { AppModule, CometInfo, ValidatorUpdate } from '../app/types.js'
import type { Block } from '../block/block.js'
import { evidenceOf } from '../block/evidence.js'
import { ValidatorSet } from '../block/validator-set.js'
import { toHex } from '../codec/bytes.js'
import { merkleRoot } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { timeToTimestamp } from '../codec/time.js'

/**
 * Several validators on the simulated chain, checked against what CometBFT would produce with
 * encoders independent of the block builder (the proto registry's own types, node:crypto's
 * ed25519): the proposer each height, the validators hashes, the last commit's signatures and hash,
 * and the votes the app is given.
 */

const registry = protoRegistry()
const signers = [11, 12, 13, 14].map((fill) => testBlockSigner(fill))
const POWERS = [40n, 30n, 20n, 10n]
const genesisValidators = signers.map((s, i) => ({ pubKey: s.pubKey, power: POWERS[i]! }))
const hex = (b: Uint8Array) => toHex(b)

/** A module that records the votes each height sees and may return validator updates. */
function watcher(
  seen: Map<number, CometInfo>,
  updates: Map<number, ValidatorUpdate[]> = new Map(),
) {
  const m: AppModule = {
    name: 'w',
    consensusVersion: 1,
    async beginBlock(ctx) {
      seen.set(ctx.height, ctx.comet)
    },
    async endBlock(ctx) {
      return updates.get(ctx.height) ?? []
    },
  }
  return version([m])
}

/** Merkle root of SimpleValidator proto bytes in CometBFT's set order, encoded by the registry. */
function setHash(vals: readonly { pubKey: Uint8Array; power: bigint }[]): string {
  const type = registry.type('tendermint.types.SimpleValidator')
  const sorted = [...vals].sort((a, b) =>
    a.power !== b.power
      ? a.power > b.power
        ? -1
        : 1
      : hex(addr(a.pubKey)) < hex(addr(b.pubKey))
        ? -1
        : 1,
  )
  return hex(
    merkleRoot(
      sorted.map((v) =>
        type.encode({ pub_key: { ed25519: v.pubKey }, voting_power: v.power.toString() }).finish(),
      ),
    ),
  )
}
const addr = (pubKey: Uint8Array) =>
  signers.find((s) => hex(s.pubKey) === hex(pubKey))?.address ?? new Uint8Array(20)

function verifies(pubKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(pubKey)]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}

/** The canonical precommit for `prev` at `time` (what each validator signs), by the registry. */
function canonicalVote(prev: Block, time: bigint, chainId: string): Uint8Array {
  return registry
    .type('tendermint.types.CanonicalVote')
    .encodeDelimited({
      type: 2,
      height: String(prev.header.height),
      block_id: {
        hash: prev.blockId.hash,
        part_set_header: { total: prev.blockId.parts.total, hash: prev.blockId.parts.hash },
      },
      timestamp: timeToTimestamp(time),
      chain_id: chainId,
    })
    .finish()
}

/** The last commit's CommitSig leaves encoded by the registry: its hash is last_commit_hash. */
function commitHash(b: Block): string {
  const type = registry.type('tendermint.types.CommitSig')
  return hex(
    merkleRoot(
      b.lastCommit.signatures.map((s) =>
        type
          .encode({
            block_id_flag: s.blockIdFlag,
            validator_address: s.validatorAddress,
            timestamp: timeToTimestamp(s.timestamp),
            signature: s.signature,
          })
          .finish(),
      ),
    ),
  )
}

describe.each(disks)('several validators ($name)', ({ make }) => {
  const open: { close(): Promise<void> }[] = []
  const disksInUse: Disk[] = []
  afterEach(async () => {
    for (const c of open.splice(0).reverse()) await c.close().catch(() => {})
    for (const d of disksInUse.splice(0)) await d.cleanup()
  })
  const newDisk = () => {
    const d = make()
    disksInUse.push(d)
    return d
  }
  const chain = async (
    v: ReturnType<typeof version>,
    disk: Disk = newDisk(),
    options: ChainOptions = {},
  ) => {
    const c = await openChain(v, disk, {
      genesis: genesisFor({}, 1, genesisValidators),
      validatorKeys: signers,
      ...options,
    })
    open.push(c)
    return c
  }

  test('behavior: a 4-validator commit: one signature per validator in set order, each verifying over the canonical vote; the commit hash and the votes the app sees match', async () => {
    const seen = new Map<number, CometInfo>()
    const { producer } = await chain(watcher(seen))
    const blocks: Block[] = []
    for (let i = 0; i < 6; i++) blocks.push((await producer.produceBlock()).block)
    const hash = setHash(genesisValidators)
    const order = [0, 1, 2, 3].map((i) => hex(signers[i]!.address))
    expect(blocks[0]!.lastCommit.signatures).toEqual([])
    expect(seen.get(1)!.lastCommit.votes).toEqual([])
    for (const b of blocks) {
      expect(hex(b.header.validatorsHash)).toBe(hash)
      expect(hex(b.header.nextValidatorsHash)).toBe(hash)
    }
    for (let i = 1; i < blocks.length; i++) {
      const b = blocks[i]!
      const prev = blocks[i - 1]!
      const vote = canonicalVote(prev, b.header.time, 'lifecycle-1')
      expect(b.lastCommit.height).toBe(prev.header.height)
      expect(b.lastCommit.signatures.map((s) => hex(s.validatorAddress))).toEqual(order)
      b.lastCommit.signatures.forEach((s, j) => {
        expect(s.blockIdFlag).toBe(2)
        expect(verifies(signers[j]!.pubKey, vote, s.signature)).toBe(true)
      })
      expect(hex(b.header.lastCommitHash)).toBe(commitHash(b))
      expect(
        seen
          .get(b.header.height)!
          .lastCommit.votes.map((v) => [hex(v.address), v.power, v.blockIdFlag]),
      ).toEqual(order.map((a, j) => [a, POWERS[j], 2]))
    }
  })

  test('behavior: the proposer rotates by proposer priority, height after height, as CometBFT picks it', async () => {
    const { producer } = await chain(watcher(new Map()))
    // CometBFT: the genesis set is NewValidatorSet (one increment); each height's set is the
    // previous one incremented once more.
    const expected = ValidatorSet.of(genesisValidators)
    const proposers: string[] = []
    const wanted: string[] = []
    for (let h = 1; h <= 20; h++) {
      proposers.push(hex((await producer.produceBlock()).block.header.proposerAddress))
      wanted.push(hex(expected.proposer().address))
      expected.incrementProposerPriority(1)
    }
    expect(proposers).toEqual(wanted)
    // Powers 40/30/20/10 over 20 heights: 8, 6, 4 and 2 turns.
    const counts = order(proposers)
    expect(counts).toEqual([8, 6, 4, 2])
  })

  function order(proposers: string[]): number[] {
    return signers.map((s) => proposers.filter((p) => p === hex(s.address)).length)
  }

  test('behavior: a validator whose key the node does not hold is ABSENT: no address, zero time, no signature; the app sees ABSENT', async () => {
    const seen = new Map<number, CometInfo>()
    const { producer } = await chain(watcher(seen), newDisk(), {
      genesis: genesisFor({}, 1, genesisValidators),
      validatorKeys: signers.slice(0, 3),
    })
    await producer.produceBlock()
    const b2 = (await producer.produceBlock()).block
    const absent = b2.lastCommit.signatures[3]!
    expect(absent.blockIdFlag).toBe(1)
    expect(absent.validatorAddress).toHaveLength(0)
    expect(absent.signature).toHaveLength(0)
    expect(timeToTimestamp(absent.timestamp)).toEqual({ seconds: '-62135596800', nanos: 0 })
    expect(hex(b2.header.lastCommitHash)).toBe(commitHash(b2))
    expect(seen.get(2)!.lastCommit.votes.map((v) => v.blockIdFlag)).toEqual([2, 2, 2, 1])
  })

  test('behavior: EndBlock updates at H change next_validators_hash of H+1, the set of H+2 and the commit in H+3', async () => {
    const newcomer = testBlockSigner(15)
    const updates = new Map([[3, [{ pubKey: newcomer.pubKey, power: 50n }]]])
    const { producer } = await chain(watcher(new Map(), updates), newDisk(), {
      genesis: genesisFor({}, 1, genesisValidators),
      validatorKeys: [...signers, newcomer],
    })
    const blocks: Block[] = []
    for (let i = 0; i < 6; i++) blocks.push((await producer.produceBlock()).block)
    const before = setHash(genesisValidators)
    const after = setHash([...genesisValidators, { pubKey: newcomer.pubKey, power: 50n }])
    const at = (h: number) => blocks[h - 1]!.header
    expect([hex(at(3).validatorsHash), hex(at(3).nextValidatorsHash)]).toEqual([before, before])
    expect([hex(at(4).validatorsHash), hex(at(4).nextValidatorsHash)]).toEqual([before, after])
    expect([hex(at(5).validatorsHash), hex(at(5).nextValidatorsHash)]).toEqual([after, after])
    expect(blocks[3]!.lastCommit.signatures).toHaveLength(4)
    expect(blocks[4]!.lastCommit.signatures).toHaveLength(4)
    // Block 6 carries the commit of height 5, signed by the set of 5: the newcomer first (power 50).
    const c6 = blocks[5]!.lastCommit.signatures
    expect(c6.map((s) => hex(s.validatorAddress))).toEqual([
      hex(newcomer.address),
      ...signers.map((s) => hex(s.address)),
    ])
  })

  test('behavior: the sets survive a restart and a rollback: proposers continue as on a chain that never stopped', async () => {
    const reference = await chain(watcher(new Map()))
    const want: string[] = []
    for (let i = 0; i < 12; i++)
      want.push(hex((await reference.producer.produceBlock()).block.header.proposerAddress))

    const disk = newDisk()
    const first = await chain(watcher(new Map()), disk)
    const got: string[] = []
    for (let i = 0; i < 5; i++)
      got.push(hex((await first.producer.produceBlock()).block.header.proposerAddress))
    await first.close()
    open.splice(open.indexOf(first), 1)
    const second = await chain(watcher(new Map()), disk)
    for (let i = 0; i < 7; i++)
      got.push(hex((await second.producer.produceBlock()).block.header.proposerAddress))
    expect(got).toEqual(want)

    await second.producer.rollbackTo(4)
    const again: string[] = []
    for (let i = 0; i < 8; i++)
      again.push(hex((await second.producer.produceBlock()).block.header.proposerAddress))
    expect(again).toEqual(want.slice(4, 12))
  })

  test("behavior: with no genesis validators the set is the one InitChain returns; both given must match (the SDK's texts)", async () => {
    const initUpdates = (list: ValidatorUpdate[]) =>
      version([
        {
          name: 'w',
          consensusVersion: 1,
          async initGenesis() {
            return list
          },
        },
      ])
    const fromApp = genesisValidators.slice(0, 3)
    const { producer } = await chain(initUpdates(fromApp), newDisk(), {
      genesis: genesisFor({}, 1, []),
      validatorKeys: signers,
    })
    const b1 = (await producer.produceBlock()).block
    expect(hex(b1.header.validatorsHash)).toBe(setHash(fromApp))

    await expect(
      openChain(initUpdates(fromApp), newDisk(), {
        genesis: genesisFor({}, 1, genesisValidators),
        validatorKeys: signers,
      }),
    ).rejects.toThrow('len(RequestInitChain.Validators) != len(GenesisValidators) (4 != 3)')
    const other = [...fromApp, { pubKey: signers[3]!.pubKey, power: 11n }]
    await expect(
      openChain(initUpdates(other), newDisk(), {
        genesis: genesisFor({}, 1, genesisValidators),
        validatorKeys: signers,
      }),
    ).rejects.toThrow(/^genesisValidators\[\d\] != req.Validators\[\d\] $/)
  })

  test('behavior: a rollback below a set change undoes it; a restart after it keeps it', async () => {
    const newcomer = testBlockSigner(15)
    const updates = new Map([[3, [{ pubKey: newcomer.pubKey, power: 50n }]]])
    const disk = newDisk()
    const options = {
      genesis: genesisFor({}, 1, genesisValidators),
      validatorKeys: [...signers, newcomer],
    }
    const first = await chain(watcher(new Map(), updates), disk, options)
    for (let i = 0; i < 6; i++) await first.producer.produceBlock()
    await first.close()
    open.splice(open.indexOf(first), 1)
    const after = setHash([...genesisValidators, { pubKey: newcomer.pubKey, power: 50n }])
    // No updates from here on: the record of height 3 alone carries the change.
    const second = await chain(watcher(new Map()), disk, options)
    expect(hex((await second.producer.produceBlock()).block.header.validatorsHash)).toBe(after)
    await second.producer.rollbackTo(2)
    const b3 = (await second.producer.produceBlock()).block
    const b4 = (await second.producer.produceBlock()).block
    expect(hex(b3.header.nextValidatorsHash)).toBe(setHash(genesisValidators))
    expect(hex(b4.header.nextValidatorsHash)).toBe(setHash(genesisValidators))
  })

  test('behavior: evidence added for the next block reaches the app as misbehavior, once, with the evidence hash in the header', async () => {
    const seen = new Map<number, CometInfo>()
    const { producer } = await chain(watcher(seen))
    const b1 = (await producer.produceBlock()).block
    const vote = { height: 1, blockId: b1.blockId, time: b1.header.time, validatorIndex: 2 }
    const evidence = {
      voteA: { ...vote, validatorAddress: signers[2]!.address, signature: new Uint8Array(64) },
      voteB: { ...vote, validatorAddress: signers[2]!.address, signature: new Uint8Array(64) },
      totalVotingPower: 100n,
      validatorPower: 20n,
      timestamp: b1.header.time,
    }
    const misbehavior = {
      type: 'duplicate_vote' as const,
      address: signers[2]!.address,
      power: 20n,
      height: 1,
      time: b1.header.time,
      totalVotingPower: 100n,
    }
    producer.consensus.addEvidence(evidence, misbehavior)
    const b2 = (await producer.produceBlock()).block
    const b3 = (await producer.produceBlock()).block
    expect(seen.get(2)!.misbehavior).toEqual([misbehavior])
    expect(seen.get(3)!.misbehavior).toEqual([])
    expect(hex(b2.header.evidenceHash)).toBe(hex(evidenceOf([evidence]).hash))
    expect(b2.evidence).toEqual([evidence])
    expect(b3.evidence).toBeUndefined()
  })
})
