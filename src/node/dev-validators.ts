import type { BlockBuilder, BlockId } from '../block/block.js'
import { type EvidenceValidator, orderVotes, type SignedVote } from '../block/evidence.js'
import type { SetValidator } from '../block/validator-set.js'
import type { BlockProducer } from '../chain/producer.js'
import { bech32ToAddress } from '../codec/address.js'
import { type Bytes, fromHex, toHex, toHexUpper, utf8 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { consensusAddress } from '../config/validator-key.js'
import { MODULE_NAME, stakingCollections, valoperPrefix } from '../modules/staking/keys.js'
import { RpcError } from '../server/rpc/errors.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'

const invalid = (message: string) => new RpcError(-32602, 'Invalid params', message)
/** A consensus address: 40 hex digits. */
const HEX_ADDRESS = /^[0-9a-fA-F]{40}$/

/**
 * The consensus address of the validator a dev method names: its operator address
 * (`sdkvaloper1…`, looked up in x/staking's latest state), its consensus address (40 hex digits),
 * or its index in the next height's validator set (set order: power, then address). It must be in
 * one of the sets of the last, current or next height, unless `outsideSetIfHeld` and the node holds
 * its key (a jailed validator's signing can be switched before it is back in the set), or
 * `inSetOfItsHeight`: the caller checks the set of the height it names (evidence of an earlier
 * height, whose validator may have left the set since, as CometBFT checks evidence).
 */
export async function resolveValidator(
  o: { producer: BlockProducer; store: VersionedStore; registry: ProtoRegistry },
  text: string | undefined,
  options: { outsideSetIfHeld?: boolean; inSetOfItsHeight?: boolean } = {},
): Promise<Bytes> {
  const set = o.producer.consensus.current.current
  if (text === undefined || text === '')
    throw invalid(
      'validator is required: an operator address (sdkvaloper1…), a consensus address (hex) or an index in the validator set',
    )
  // A consensus address first: 40 hex digits may all be decimal ones.
  if (/^\d+$/.test(text) && !HEX_ADDRESS.test(text)) {
    const v = set.validators[Number(text)]
    if (!v)
      throw invalid(
        `validator index ${text} is out of range: the validator set has ${set.size} validators (0 to ${set.size - 1})`,
      )
    return v.address
  }
  let address: Bytes
  if (HEX_ADDRESS.test(text)) address = fromHex(text)
  else if (text.startsWith(`${valoperPrefix()}1`)) {
    let operator: Bytes
    try {
      operator = bech32ToAddress(text, valoperPrefix())
    } catch (err) {
      throw invalid(`validator ${text}: ${(err as Error).message}`)
    }
    const c = stakingCollections(o.registry)
    const state = o.store.view()
    const record = state.hasStore(MODULE_NAME)
      ? await c.validators.get(state.store(MODULE_NAME), operator)
      : undefined
    const pk = record?.consensus_pubkey
    if (!record || !pk) throw invalid(`validator ${text} does not exist`)
    const key = o.registry.decode('sdk.crypto.ed25519.PubKey', pk.value).key
    address = consensusAddress(new Uint8Array(key))
  } else
    throw invalid(
      `validator must be an operator address (${valoperPrefix()}1…), a consensus address (40 hex digits) or an index in the validator set, got ${text}`,
    )
  if (options.inSetOfItsHeight === true) return address
  const sets = o.producer.consensus.current
  const known =
    [sets.last, sets.current, sets.next].some((s) => s?.byAddress(address)) ||
    (options.outsideSetIfHeld === true && o.producer.consensus.holds(address))
  if (!known) throw invalid(`validator ${toHexUpper(address)} is not in the validator set`)
  return address
}

/**
 * Makes validator `address` double-sign at `height` (default: the latest): two precommits of its
 * key at that height and round 0, one for the committed block and one for a conflicting block id,
 * which the next block carries as DuplicateVoteEvidence and the app hears of as a `duplicate_vote`
 * misbehavior (power and total power of that height's set, that block's time), as CometBFT's
 * evidence pool hands them on.
 */
export async function doubleSign(
  o: { producer: BlockProducer; blocks: BlockStore; builder: BlockBuilder },
  address: Bytes,
  height: number | undefined,
): Promise<number> {
  const latest = o.blocks.latest?.block.header.height ?? 0
  if (latest === 0)
    throw invalid('there is no block yet: a validator double-signs a committed height')
  const h = height ?? latest
  if (!Number.isSafeInteger(h) || h < 1 || h > latest)
    throw invalid(`height must be a committed height from 1 to ${latest}, got ${h}`)
  const stored = await o.blocks.get(h)
  if (!stored)
    throw invalid(`height ${h} is not available (pruned), lowest height is ${o.blocks.base}`)
  const { consensus } = o.producer
  const set = await consensus.validatorsOf(h)
  const index = set.indexOf(address)
  if (index < 0)
    throw invalid(`validator ${toHexUpper(address)} is not in the validator set of height ${h}`)
  const key = consensus.keyFor(address)
  if (!key)
    throw invalid(
      `this node does not hold the consensus key of validator ${toHexUpper(address)}: it cannot sign for it`,
    )
  const { blockId, header } = stored.block
  const time = header.time
  const conflicting: BlockId = {
    hash: sha256(utf8('dev_doubleSign'), blockId.hash),
    parts: { total: 1, hash: sha256(blockId.parts.hash) },
  }
  const vote = (id: BlockId): SignedVote => ({
    height: h,
    blockId: id,
    time,
    validatorAddress: address,
    validatorIndex: index,
    signature: key.sign(o.builder.voteSignBytes(h, id, time)),
  })
  const [voteA, voteB] = orderVotes(vote(blockId), vote(conflicting))
  const total = set.totalVotingPower()
  const power = set.validators[index]!.power
  consensus.addEvidence(
    { voteA, voteB, totalVotingPower: total, validatorPower: power, timestamp: time },
    { type: 'duplicate_vote', address, power, height: h, time, totalVotingPower: total },
  )
  return h
}

/** The kinds of light client attack CometMock's `cause_light_client_attack` makes. */
export const LIGHT_CLIENT_ATTACKS = ['Equivocation', 'Lunatic', 'Amnesia'] as const
export type LightClientAttackKind = (typeof LIGHT_CLIENT_ATTACKS)[number]

const evidenceValidator = (v: SetValidator): EvidenceValidator => ({
  address: v.address,
  pubKey: v.pubKey,
  power: v.power,
  priority: v.priority,
})

/**
 * Makes validator `address` attack a light client, as CometMock does: a block conflicting with the
 * latest one (a Lunatic attack changes its app hash, an Equivocation its time by a second, an
 * Amnesia keeps it), with the latest block's commit and the next height's validator set, which
 * the next block carries as LightClientAttackEvidence. The common height is the one before the
 * latest; as CometBFT fills the evidence in, the byzantine validator, its power and the total
 * power are those of that height's set, and the timestamp is that height's block time. The app
 * hears of a `light_client_attack` misbehavior at the common height. Returns the common height.
 */
export async function lightClientAttack(
  o: { producer: BlockProducer; blocks: BlockStore; builder: BlockBuilder },
  address: Bytes,
  kind: LightClientAttackKind,
): Promise<number> {
  const latest = o.blocks.latest
  const height = latest?.block.header.height ?? 0
  if (!latest || height < 2)
    throw invalid(
      `a light client attack needs two committed blocks (its common height is the one before the latest), the chain has ${height}`,
    )
  const commonHeight = height - 1
  const common = await o.blocks.get(commonHeight)
  if (!common)
    throw invalid(
      `height ${commonHeight} is not available (pruned), lowest height is ${o.blocks.base}`,
    )
  const { consensus } = o.producer
  const commonSet = await consensus.validatorsOf(commonHeight)
  const byzantine = commonSet.byAddress(address)
  if (!byzantine)
    throw invalid(
      `validator ${toHexUpper(address)} is not in the validator set of height ${commonHeight}`,
    )
  const { header, blockId } = latest.block
  const conflicting = { ...header }
  if (kind === 'Lunatic') conflicting.appHash = utf8('some other app hash')
  else if (kind === 'Equivocation') conflicting.time = header.time + 1_000_000_000n
  const signers = consensus.latestCommitSigners()
  const commit = signers
    ? o.builder.commitOfSet(height, blockId, header.time, signers)
    : o.builder.makeCommit(height, blockId, header.time)
  const set = consensus.current.current
  const proposer = set.proposer()
  const total = commonSet.totalVotingPower()
  const time = common.block.header.time
  consensus.addEvidence(
    {
      conflictingBlock: {
        header: conflicting,
        commit,
        validators: set.validators.map(evidenceValidator),
        proposer: evidenceValidator(proposer),
      },
      commonHeight,
      byzantineValidators: [evidenceValidator(byzantine)],
      totalVotingPower: total,
      timestamp: time,
    },
    {
      type: 'light_client_attack',
      address,
      power: byzantine.power,
      height: commonHeight,
      time,
      totalVotingPower: total,
    },
  )
  return commonHeight
}

/** A validator's consensus address as the dev API answers it. */
export const addressText = (address: Bytes) => toHex(address).toUpperCase()
