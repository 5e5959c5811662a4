import type { BlockContext } from '../../app/types.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { AnyMessage, Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import { type AuthKeeper, defaultAuthParams } from './keeper.js'
import { MODULE_ACCOUNT_PERMISSIONS, MODULE_NAME } from './keys.js'
import { validateAuthParams } from './msg-server.js'
import { scheduleProblem } from './vesting.js'

// x/auth genesis (upstream x/auth/genesis.go and types/genesis.go).

/** Default auth genesis section (upstream JSON shape). */
export function defaultAuthGenesis() {
  return { params: jsonParams(defaultAuthParams()), accounts: [] }
}

/** The genesis section as a GenesisState message; errors name the genesis field. */
export function parseAuthGenesis(
  registry: ProtoRegistry,
  genesis: unknown,
): Proto<'sdk.auth.v1beta1.GenesisState'> {
  const genesisType = registry.type('sdk.auth.v1beta1.GenesisState')
  try {
    return messageFromJson(registry, genesisType, genesis ?? {}, 'app_state.auth')
  } catch (err) {
    if (err instanceof JsonMappingError) throw err
    throw new JsonMappingError(`app_state.auth: ${(err as Error).message}`)
  }
}

/** Upstream ValidateGenesis: no address has two accounts; each vesting schedule is valid. */
export function validateAuthGenesis(
  keeper: AuthKeeper,
  g: Proto<'sdk.auth.v1beta1.GenesisState'>,
): void {
  if (g.params) validateAuthParams(g.params)
  const seen = new Set<string>()
  for (const [i, any] of g.accounts.entries()) {
    const account = keeper.accountFromAny(any)
    const key = Buffer.from(account.address).toString('hex')
    if (seen.has(key))
      throw new JsonMappingError(`app_state.auth.accounts[${i}]: duplicate account`)
    seen.add(key)
    const problem = account.vesting && scheduleProblem(account.vesting)
    if (problem) throw new JsonMappingError(`app_state.auth.accounts[${i}]: ${problem}`)
  }
}

/** Upstream InitGenesis: params, the accounts (numbers sanitized), then the module accounts. */
export async function initAuthGenesis(
  ctx: BlockContext,
  keeper: AuthKeeper,
  g: Proto<'sdk.auth.v1beta1.GenesisState'>,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  keeper.c.params.set(store, g.params ?? defaultAuthParams())
  // Upstream SanitizeGenesisAccounts: the first account of each number keeps it; the others, by
  // number and then in file order, take the lowest numbers no account holds; then by number.
  const accounts = g.accounts.map((any) => keeper.accountFromAny(any))
  const byNumber = (a: (typeof accounts)[number], b: (typeof accounts)[number]) =>
    a.accountNumber < b.accountNumber ? -1 : a.accountNumber > b.accountNumber ? 1 : 0
  const used = new Set<bigint>()
  const duplicates: typeof accounts = []
  for (const account of accounts) {
    if (used.has(account.accountNumber)) duplicates.push(account)
    else used.add(account.accountNumber)
  }
  let lowest = 0n
  for (const account of duplicates.sort(byNumber)) {
    while (used.has(lowest)) lowest++
    account.accountNumber = lowest
    used.add(lowest)
  }
  accounts.sort(byNumber)
  let next = 0n
  for (const account of accounts) {
    await keeper.setAccount(ctx.state, account)
    if (account.accountNumber >= next) next = account.accountNumber + 1n
  }
  keeper.c.globalAccountNumber.set(store, next)
  for (const name of Object.keys(MODULE_ACCOUNT_PERMISSIONS))
    await keeper.getOrCreateModuleAccount(ctx.state, name)
}

/**
 * Upstream ExportGenesis: the params and every account in the store, in its key order (address
 * bytes), each unpacked and packed again as an Any (upstream IterateAccounts + PackAccounts), in
 * genesis JSON form: what InitGenesis takes back, numbers, sequences and public keys kept.
 */
export async function exportAuthGenesis(
  state: Readable,
  keeper: AuthKeeper,
  registry: ProtoRegistry,
) {
  const accounts: AnyMessage[] = []
  for await (const account of keeper.accounts(state)) accounts.push(keeper.accountToAny(account))
  const g: ProtoInit<'sdk.auth.v1beta1.GenesisState'> = {
    params: await keeper.params(state),
    accounts,
  }
  const type = registry.type('sdk.auth.v1beta1.GenesisState')
  return messageToJson(registry, type, type.fromObject(g))
}

/** Params in genesis JSON form (numbers as strings). */
function jsonParams(p: ProtoInit<'sdk.auth.v1beta1.Params'>): Record<string, string> {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]))
}
