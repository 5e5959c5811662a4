import type { BlockContext, CometInfo } from '../app/types.js'
import type { EventManager } from '../block/events.js'
import type { ExecHeader } from '../block/header.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { Genesis } from '../config/genesis.js'
import type { Logger } from '../logger.js'
import type { StateBranch } from '../store/types.js'

/** A block context over `state`: what a keeper sees while a height (or a CheckTx) runs. */
export function blockContext(
  o: { genesis: Genesis; logger: Logger; registry: ProtoRegistry },
  state: StateBranch,
  header: ExecHeader,
  events: EventManager,
  comet: CometInfo,
  mode: BlockContext['mode'],
): BlockContext {
  return {
    chainId: o.genesis.chainId,
    height: header.height,
    time: header.time,
    header,
    state,
    events,
    logger: o.logger,
    registry: o.registry,
    mode,
    comet,
  }
}
