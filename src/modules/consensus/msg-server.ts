import type { ModuleConfigurator } from '../../app/types.js'
import { int64Of } from '../../codec/int64.js'
import type { MsgOf } from '../../codec/proto.js'
import { UndefinedCodeError } from '../../errors.js'
import { checkAuthority } from '../gov/authority.js'
import {
  type CometParamsUpdate,
  cometParamsOfProto,
  cometParamsToProto,
  updateCometParams,
  validateCometParams,
  validateCometUpdate,
} from './comet-params.js'
import { paramsNotStored } from './errors.js'
import type { ConsensusKeeper } from './keeper.js'
import { durationToNanos } from './params.js'
import { consensusParamsText } from './params-text.js'

const UPDATE_PARAMS = '/sdk.consensus.v1.MsgUpdateParams'

/**
 * Upstream's `MsgUpdateParams.ToProtoConsensusParams`: block, evidence and validator are required;
 * the version is CometBFT's default (app 0: x/upgrade tracks it); abci only if the msg has it.
 */
export function updateOfMsg(msg: MsgOf<typeof UPDATE_PARAMS>): CometParamsUpdate {
  const { block, evidence, validator, abci } = msg
  if (!evidence || !block || !validator)
    throw new UndefinedCodeError('all parameters must be present')
  return {
    block: { maxBytes: int64Of(block.max_bytes), maxGas: int64Of(block.max_gas) },
    evidence: {
      maxAgeNumBlocks: int64Of(evidence.max_age_num_blocks),
      maxAgeDuration: durationToNanos(evidence.max_age_duration),
      maxBytes: int64Of(evidence.max_bytes),
    },
    validator: { pubKeyTypes: [...validator.pub_key_types] },
    version: { app: 0n },
    ...(abci
      ? { abci: { voteExtensionsEnableHeight: int64Of(abci.vote_extensions_enable_height) } }
      : {}),
  }
}

/**
 * x/consensus Msg service: MsgUpdateParams (upstream v0.50 msg server), for governance. The stored
 * params are the next block's (the producer reads them for its header and limits).
 */
export function registerConsensusMsgs(cfg: ModuleConfigurator, keeper: ConsensusKeeper): void {
  cfg.registerMsg(UPDATE_PARAMS, async (msg, ctx) => {
    checkAuthority(msg.authority)
    const update = updateOfMsg(msg)
    const stored = await keeper.params(ctx.state)
    if (!stored) throw paramsNotStored()
    const current = cometParamsOfProto(stored)
    const next = updateCometParams(current, update)
    validateCometParams(next)
    validateCometUpdate(current, update, BigInt(ctx.height))
    keeper.setParams(ctx.state, cometParamsToProto(next))
    ctx.events.emit('update_consensus_params', [
      ['authority', msg.authority],
      ['parameters', consensusParamsText(update)],
    ])
    return {}
  })
}
