import type { BlockContext, ValidatorUpdate } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { KVStore } from '../../store/types.js'
import type { Account } from '../auth/keeper.js'

/** What x/genutil needs of x/staking: the validator set the delivered gentxs made. */
export interface GenutilStakingKeeper {
  applyAndReturnValidatorSetUpdates(ctx: BlockContext): Promise<ValidatorUpdate[]>
}

/** What x/genutil's ante checks need of x/auth: the signer's account, read and written back. */
export interface GenutilAuthKeeper {
  getAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<Account | undefined>
  setAccount(state: { store(name: string): KVStore }, account: Account): void | Promise<void>
}
