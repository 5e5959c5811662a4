import { BlockIdFlag, type CometInfo, EMPTY_COMET_INFO, type VoteInfo } from '../app/types.js'
import {
  addressOfPubKey,
  compareBytes,
  type SetValidator,
  type ValidatorChange,
  ValidatorSet,
  ValidatorSetError,
} from '../block/validator-set.js'
import {
  type Bytes,
  concatBytes,
  fromBase64Strict,
  fromHex,
  toBase64,
  toHex,
  uint64BE,
} from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import { metaKey } from '../store/keys.js'

/** A consensus key the node holds: it signs the votes of that validator. */
export interface ValidatorKey {
  address: Bytes
  pubKey: Bytes
  sign(message: Bytes): Bytes
}

/** One entry of a block's last commit: the validator, and its key when it signs (else ABSENT). */
export interface CommitSigner {
  address: Bytes
  power: bigint
  key: ValidatorKey | undefined
}

/**
 * The validator sets around the next height, as CometBFT's state keeps them after height `h`:
 * `last` signed h (its commit is carried by h+1), `current` is h+1's (its hash and proposer are in
 * h+1's header), `next` is h+2's (h+1's next_validators_hash). At genesis there is no `last`.
 */
export interface ValidatorSets {
  last: ValidatorSet | undefined
  current: ValidatorSet
  next: ValidatorSet
}

/** Meta records of the sets: `vals/` ‖ BE(h) holds the sets after height h. */
const RECORD_PREFIX = metaKey('vals/')

/** The key of the sets recorded after height `h`. */
export function validatorSetsKey(h: number): Bytes {
  return concatBytes(RECORD_PREFIX, uint64BE(h))
}

/** The key range of every record (for a reverse scan or a rollback's deletes). */
export function validatorSetsRange(fromHeight: number, toHeight?: number) {
  return {
    gte: validatorSetsKey(fromHeight),
    lt: toHeight === undefined ? concatBytes(metaKey('vals0')) : validatorSetsKey(toHeight),
  }
}

/**
 * Records are written when a height changes the sets and every CHECKPOINT heights besides, so a
 * past height's sets are rebuilt from the nearest record below it with at most this many
 * increments (CometBFT saves full sets at change heights and checkpoints too).
 */
export const CHECKPOINT = 1000

/**
 * The sets at genesis (CometBFT MakeGenesisState / InitChain): `initial` as a new set, and the
 * next height's set one increment ahead.
 */
export function genesisSets(initial: readonly ValidatorChange[]): ValidatorSets {
  if (initial.length === 0)
    throw new ValidatorSetError(
      'the validator set is empty: genesis consensus.validators lists none and InitChain returned none',
    )
  const current = ValidatorSet.of(initial)
  const next = current.copy()
  next.incrementProposerPriority(1)
  return { last: undefined, current, next }
}

/**
 * The sets after one more height that returned `updates` (CometBFT updateState): they apply to the
 * set after next, which then takes one increment, as every set does each height.
 */
export function advanceSets(
  sets: ValidatorSets,
  updates: readonly ValidatorChange[],
): ValidatorSets {
  const next = sets.next.copy()
  if (updates.length > 0) next.updateWithChangeSet(updates)
  next.incrementProposerPriority(1)
  return { last: sets.current, current: sets.next, next }
}

/** The set of `sets`'s next height (what `current` is), as `/validators` lists it. */
export function setOfNextHeight(sets: ValidatorSets): ValidatorSet {
  return sets.current
}

type SetJson = { validators: [string, string, string][]; proposer: string }

function setToJson(set: ValidatorSet): SetJson {
  return {
    validators: set.validators.map((v) => [
      toBase64(v.pubKey),
      v.power.toString(),
      v.priority.toString(),
    ]),
    proposer: toHex(set.proposer().address),
  }
}

function setFromJson(json: SetJson): ValidatorSet {
  const validators = json.validators.map(([key, power, priority]): SetValidator => {
    const pubKey = fromBase64Strict(key)
    if (!pubKey) throw ErrLogic.wrap('corrupt validator set record: bad public key')
    return {
      address: addressOfPubKey(pubKey),
      pubKey,
      power: BigInt(power),
      priority: BigInt(priority),
    }
  })
  return ValidatorSet.fromExisting(validators, fromHex(json.proposer))
}

/** The bytes of a record of `sets`. */
export function encodeSets(sets: ValidatorSets): Bytes {
  return new TextEncoder().encode(
    JSON.stringify({
      last: sets.last ? setToJson(sets.last) : null,
      current: setToJson(sets.current),
      next: setToJson(sets.next),
    }),
  )
}

/** The sets a record holds. */
export function decodeSets(bytes: Bytes): ValidatorSets {
  const json = JSON.parse(new TextDecoder().decode(bytes)) as {
    last: SetJson | null
    current: SetJson
    next: SetJson
  }
  return {
    last: json.last ? setFromJson(json.last) : undefined,
    current: setFromJson(json.current),
    next: setFromJson(json.next),
  }
}

/**
 * The signers of the commit a block carries for the previous height: every validator of that
 * height's set in set order, with the key that signs for it (undefined: ABSENT, when the node does
 * not hold the key or the validator was told not to sign).
 */
export function commitSignersOf(
  set: ValidatorSet,
  keys: ReadonlyMap<string, ValidatorKey>,
  silenced: ReadonlySet<string>,
): CommitSigner[] {
  return set.validators.map((v) => {
    const hex = toHex(v.address)
    return {
      address: v.address,
      power: v.power,
      key: silenced.has(hex) ? undefined : keys.get(hex),
    }
  })
}

/** The votes the app sees for a last commit (ctx.comet.lastCommit), in set order. */
export function cometInfoOf(
  signers: readonly CommitSigner[] | undefined,
  misbehavior: CometInfo['misbehavior'] = [],
): CometInfo {
  if (!signers)
    return misbehavior.length > 0 ? { ...EMPTY_COMET_INFO, misbehavior } : EMPTY_COMET_INFO
  const votes: VoteInfo[] = signers.map((s) => ({
    address: s.address,
    power: s.power,
    blockIdFlag: s.key ? BlockIdFlag.COMMIT : BlockIdFlag.ABSENT,
  }))
  return { lastCommit: { round: 0, votes }, misbehavior }
}

/**
 * A set's power by who signs its commits here: the validators whose keys the node holds and does
 * not silence, the silenced ones, those whose keys it lacks; and whether the signers hold more than
 * 2/3 of the total (CometBFT's commit quorum).
 */
export function signingPower(
  set: ValidatorSet,
  keys: ReadonlyMap<string, ValidatorKey>,
  silenced: ReadonlySet<string> = new Set(),
) {
  let signing = 0n
  let muted = 0n
  let unheld = 0n
  for (const v of set.validators) {
    const hex = toHex(v.address)
    if (!keys.has(hex)) unheld += v.power
    else if (silenced.has(hex)) muted += v.power
    else signing += v.power
  }
  const total = set.totalVotingPower()
  return { signing, silenced: muted, unheld, total, quorum: signing * 3n > total * 2n }
}

/**
 * Why the node cannot make blocks with these keys, or undefined: the validators it signs for must
 * hold more than 2/3 of the set's power (CometBFT's commit quorum), else the chain would halt.
 */
export function quorumProblem(
  set: ValidatorSet,
  keys: ReadonlyMap<string, ValidatorKey>,
  silenced: ReadonlySet<string> = new Set(),
): string | undefined {
  const { signing, total, quorum } = signingPower(set, keys, silenced)
  if (quorum) return undefined
  return `the validators this node signs for hold ${signing} of ${total} voting power, not more than 2/3: no block could be committed`
}

/**
 * The first validator set (CometBFT's InitChain handshake): InitChain's validators when it returned
 * any, else genesis consensus.validators. When both are given they must be the same (the SDK's
 * InitChain check, with its texts).
 */
export function initialValidators(
  genesis: readonly ValidatorChange[],
  fromApp: readonly ValidatorChange[],
): readonly ValidatorChange[] {
  if (fromApp.length === 0) return genesis
  if (genesis.length > 0) {
    if (genesis.length !== fromApp.length)
      throw new ValidatorSetError(
        `len(RequestInitChain.Validators) != len(GenesisValidators) (${genesis.length} != ${fromApp.length})`,
      )
    const sorted = (l: readonly ValidatorChange[]) =>
      [...l].sort((a, b) => compareBytes(a.pubKey, b.pubKey))
    const a = sorted(genesis)
    const b = sorted(fromApp)
    for (let i = 0; i < a.length; i++)
      if (toHex(a[i]!.pubKey) !== toHex(b[i]!.pubKey) || a[i]!.power !== b[i]!.power)
        throw new ValidatorSetError(`genesisValidators[${i}] != req.Validators[${i}] `)
  }
  return fromApp
}

/** Genesis consensus.validators as validator changes. */
export function genesisValidatorChanges(genesis: {
  validators: readonly { pubKey: Bytes; power: bigint }[]
}): ValidatorChange[] {
  return genesis.validators.map((v) => ({ pubKey: v.pubKey, power: v.power }))
}
