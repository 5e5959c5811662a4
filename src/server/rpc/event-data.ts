import type { Event } from '../../block/events.js'
import { toBase64 } from '../../codec/bytes.js'
import { txHashHex } from '../../codec/hash.js'
import { consensusAddress } from '../../config/validator-key.js'
import type { StoredBlock, TxResult } from '../../store/block-store.js'
import {
  abciEventsJson,
  blockIdJson,
  blockJson,
  consensusParamUpdatesJson,
  evidenceJson,
  execTxResultJson,
  headerJson,
  validatorJson,
  validatorUpdatesJson,
} from './cometbft-json.js'
import type { EventMap } from './subscription-query.js'

/**
 * The events CometBFT v0.38 publishes after each commit (`types/event_bus.go`, `state/execution.go`
 * fireEvents), in its order: NewBlock → NewBlockHeader → NewBlockEvents → one NewEvidence per
 * evidence the block carries → one Tx per tx → ValidatorSetUpdates when EndBlock returned validator
 * updates. Each carries
 * the map subscriptions match against and, built only once a subscription wants it, its `data` as
 * the socket sends it (`{"type":"tendermint/event/NewBlock","value":{…}}`).
 */

/** The `tm.event` values sdkd publishes (the consensus steps' in round-events.ts). */
export type EventTypeName =
  | 'NewBlock'
  | 'NewBlockHeader'
  | 'NewBlockEvents'
  | 'NewEvidence'
  | 'Tx'
  | 'ValidatorSetUpdates'
  | 'NewRound'
  | 'NewRoundStep'
  | 'CompleteProposal'
  | 'Vote'
  | 'ValidBlock'
  | 'Polka'
  | 'Lock'

/** One published event. */
export interface PublishedEvent {
  type: EventTypeName
  /** `tm.event`, the reserved tx keys and every `<type>.<key>` of the event's ABCI events. */
  events: EventMap
  /** The `data` member of the frame, as JSON text (built on first use, then shared). */
  data(): string
  /** The `events` member of the frame, as JSON text. */
  eventsJson(): string
}

/** The events of one committed block, in CometBFT's publication order. */
export function blockEvents(stored: StoredBlock): PublishedEvent[] {
  const { block } = stored
  const height = String(block.header.height)
  const finalizeEvents = [...stored.beginBlockEvents, ...stored.endBlockEvents]
  const out: PublishedEvent[] = [
    published('NewBlock', withEventType(flatten(finalizeEvents), 'NewBlock'), () => ({
      block: blockJson(block),
      block_id: blockIdJson(block.blockId),
      // ResponseFinalizeBlock reached through an interface: omitempty fields, but each tx result is
      // a pointer and keeps jsonpb's full form.
      result_finalize_block: {
        ...(finalizeEvents.length > 0 ? { events: abciEventsJson(finalizeEvents) } : {}),
        ...(stored.results.length > 0 ? { tx_results: stored.results.map(execTxResultJson) } : {}),
        validator_updates: validatorUpdatesJson(stored.validatorUpdates),
        // The params after the block, which an SDK app returns from every FinalizeBlock.
        ...(stored.consensusParamsAfter
          ? { consensus_param_updates: consensusParamUpdatesJson(stored.consensusParamsAfter) }
          : {}),
        ...(stored.appHash.length > 0 ? { app_hash: toBase64(stored.appHash) } : {}),
      },
    })),
    published('NewBlockHeader', withEventType(new Map(), 'NewBlockHeader'), () => ({
      header: headerJson(block.header),
    })),
    published('NewBlockEvents', withEventType(flatten(finalizeEvents), 'NewBlockEvents'), () => ({
      height,
      events: finalizeEvents.length > 0 ? abciEventsJson(finalizeEvents) : null,
      num_txs: String(block.txs.length),
    })),
  ]
  for (const evidence of block.evidence ?? []) {
    out.push(
      published('NewEvidence', withEventType(new Map(), 'NewEvidence'), () => ({
        evidence: evidenceJson(evidence),
        height,
      })),
    )
  }
  block.txs.forEach((tx, index) => {
    const result = stored.results[index]!
    // The bus appends the reserved keys to the app's: tm.event, then tx.hash and tx.height.
    const map = withEventType(flatten(result.events), 'Tx')
    map.set('tx.hash', [...(map.get('tx.hash') ?? []), txHashHex(tx)])
    map.set('tx.height', [...(map.get('tx.height') ?? []), height])
    out.push(
      published('Tx', map, () => ({
        // abci.TxResult (omitempty: index 0 and zero result fields are left out).
        TxResult: {
          height,
          ...(index !== 0 ? { index } : {}),
          ...(tx.length > 0 ? { tx: toBase64(tx) } : {}),
          result: execTxResultOmitEmpty(result),
        },
      })),
    )
  })
  // Last, when EndBlock changed the set: the validators as CometBFT will hold them (priority 0).
  const updates = stored.validatorUpdates ?? []
  if (updates.length > 0) {
    out.push(
      published('ValidatorSetUpdates', withEventType(new Map(), 'ValidatorSetUpdates'), () => ({
        validator_updates: updates.map((u) =>
          validatorJson({ address: consensusAddress(u.pubKey), pubKey: u.pubKey, power: u.power }),
        ),
      })),
    )
  }
  return out
}

/** Adds `tm.event` after the app's keys, as the event bus does. */
export function withEventType(
  map: Map<string, string[]>,
  type: EventTypeName,
): Map<string, string[]> {
  map.set('tm.event', [...(map.get('tm.event') ?? []), type])
  return map
}

/** An event of `type` whose `data` is `{"type":"tendermint/event/<dataType>","value":…}`. */
export function published(
  type: EventTypeName,
  map: Map<string, string[]>,
  value: () => unknown,
  dataType: string = type,
): PublishedEvent {
  let data: string | undefined
  let events: string | undefined
  return {
    type,
    events: map,
    data: () => {
      data ??= JSON.stringify({ type: `tendermint/event/${dataType}`, value: value() })
      return data
    },
    eventsJson: () => {
      events ??= JSON.stringify(Object.fromEntries(map))
      return events
    },
  }
}

/** The event bus's flattening: `<type>.<key>` → values; empty types and keys are skipped. */
function flatten(events: readonly Event[]): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const e of events) {
    if (!e.type) continue
    for (const a of e.attributes) {
      if (!a.key) continue
      const composite = `${e.type}.${a.key}`
      const values = map.get(composite)
      if (values) values.push(a.value)
      else map.set(composite, [a.value])
    }
  }
  return map
}

/** ExecTxResult reached through an interface (the Tx event): zero fields left out. */
function execTxResultOmitEmpty(r: TxResult) {
  return {
    ...(r.code !== 0 ? { code: r.code } : {}),
    ...(r.data.length > 0 ? { data: toBase64(r.data) } : {}),
    ...(r.log ? { log: r.log } : {}),
    ...(r.info ? { info: r.info } : {}),
    ...(r.gasWanted !== 0n ? { gas_wanted: r.gasWanted.toString() } : {}),
    ...(r.gasUsed !== 0n ? { gas_used: r.gasUsed.toString() } : {}),
    ...(r.events.length > 0 ? { events: abciEventsJson(r.events) } : {}),
    ...(r.codespace ? { codespace: r.codespace } : {}),
  }
}
