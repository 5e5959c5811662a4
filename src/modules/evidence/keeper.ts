import type { BlockContext, Misbehavior } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import { sha256 } from '../../codec/hash.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { timeToTimestamp } from '../../codec/time.js'
import { type EvidenceParams, handleEquivocation } from '../slashing/evidence.js'
import { consAddressText, type SlashingKeeper } from '../slashing/keeper.js'
import { evidenceCollections, MODULE_NAME } from './keys.js'

export interface EvidenceKeeperOptions {
  registry: ProtoRegistry
  slashing: SlashingKeeper
  /** The consensus params' evidence bounds in force. */
  evidenceParams(ctx: BlockContext): Promise<EvidenceParams>
}

/** x/evidence keeper: acts on the double signs consensus reports and keeps them by hash. */
export class EvidenceKeeper {
  readonly c: ReturnType<typeof evidenceCollections>
  readonly registry: ProtoRegistry
  private readonly slashing: SlashingKeeper
  private readonly evidenceParams: EvidenceKeeperOptions['evidenceParams']

  constructor({ registry, slashing, evidenceParams }: EvidenceKeeperOptions) {
    this.c = evidenceCollections(registry)
    this.registry = registry
    this.slashing = slashing
    this.evidenceParams = evidenceParams
  }

  /**
   * Upstream x/evidence BeginBlocker: each misbehavior is handled as an equivocation, and the
   * evidence acted on is stored under its hash (sha256 of the Equivocation's protobuf bytes).
   */
  async beginBlock(ctx: BlockContext): Promise<void> {
    if (ctx.comet.misbehavior.length === 0) return
    const params = await this.evidenceParams(ctx)
    for (const m of ctx.comet.misbehavior) {
      if (await handleEquivocation(ctx, this.slashing, params, m)) this.store(ctx, m)
    }
  }

  /** The Equivocation of a misbehavior, its protobuf bytes and hash. */
  equivocation(m: Misbehavior): { bytes: Bytes; hash: Bytes } {
    const type = this.registry.type('sdk.evidence.v1beta1.Equivocation')
    const bytes = type
      .encode(
        type.fromObject({
          height: String(m.height),
          time: timeToTimestamp(m.time),
          power: m.power.toString(),
          consensus_address: consAddressText(m.address),
        }),
      )
      .finish()
    return { bytes, hash: sha256(bytes) }
  }

  private store(ctx: BlockContext, m: Misbehavior): void {
    const { bytes, hash } = this.equivocation(m)
    this.c.evidence.set(ctx.state.store(MODULE_NAME), hash, {
      type_url: this.registry.typeUrl('/sdk.evidence.v1beta1.Equivocation'),
      value: bytes,
    })
  }
}
