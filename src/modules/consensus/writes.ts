/**
 * How many times any x/consensus keeper stored consensus params in this process (InitChain, an
 * upgrade's migration, MsgUpdateParams). The block producer reads the params again only after a
 * block that changed this count; a write in a branch that was thrown away costs one read more.
 */
export const consensusParamsWrites = { count: 0 }
