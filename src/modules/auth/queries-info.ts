import { bech32 } from '@scure/base'
import { codecAddressArg, invalidArgument, notFound } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { int64Of } from '../../codec/int64.js'
import type { AuthKeeper } from './keeper.js'
import { MODULE_ACCOUNT_PERMISSIONS, MODULE_NAME } from './keys.js'

const SERVICE = 'sdk.auth.v1beta1.Query'

/**
 * The auth queries about addresses and account facts (AccountInfo, AccountAddressByID,
 * ModuleAccountByName and the bech32 helpers), with upstream v0.50's texts and status codes.
 */
export function registerAuthInfoQueries(cfg: ModuleConfigurator, keeper: AuthKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)
  const prefix = (ctx: QueryContext) => ctx.registry.brand.bech32.account

  cfg.registerQuery(`${SERVICE}/AccountInfo`, async (req, ctx) => {
    if (req.address === '') throw invalidArgument('address cannot be empty')
    const account = await keeper.getAccount(ctx.state, codecAddressArg(req.address))
    if (!account) throw notFound(`account ${req.address} not found`)
    return {
      // The address as the client wrote it, as upstream echoes it.
      info: {
        address: req.address,
        ...(account.pubKey ? { pub_key: account.pubKey } : {}),
        account_number: account.accountNumber.toString(),
        sequence: account.sequence.toString(),
      },
    }
  })

  cfg.registerQuery(`${SERVICE}/AccountAddressByID`, async (req, ctx) => {
    // The deprecated `id` (the REST path segment) is refused unless 0; the number is account_id.
    if (int64Of(req.id) !== 0n) {
      throw invalidArgument("requesting with id isn't supported, try to request using account-id")
    }
    const number = int64Of(req.account_id)
    const id = BigInt.asUintN(64, number)
    // A home made before upstream's index layout keeps its untouched accounts in the old one.
    const address =
      (await keeper.c.accountNumbers.get(store(ctx), id)) ??
      (await keeper.c.legacyAccountNumbers.get(store(ctx), id))
    if (!address) throw notFound(`account address not found with account number ${number}`)
    return { account_address: addressToBech32(address, prefix(ctx)) }
  })

  cfg.registerQuery(`${SERVICE}/ModuleAccountByName`, async (req, ctx) => {
    if (req.name === '') throw invalidArgument('module name is empty')
    if (!Object.hasOwn(MODULE_ACCOUNT_PERMISSIONS, req.name)) {
      throw notFound(`account ${req.name} not found`)
    }
    const stored = await keeper.getAccount(ctx.state, moduleAddress(req.name))
    // Upstream creates a declared module account on first use, in the query's own (discarded)
    // context: it answers with the account number the next account would get.
    const account = stored ?? {
      address: moduleAddress(req.name),
      pubKey: undefined,
      accountNumber: (await keeper.c.globalAccountNumber.get(store(ctx))) ?? 0n,
      sequence: 0n,
      module: { name: req.name, permissions: [...(MODULE_ACCOUNT_PERMISSIONS[req.name] ?? [])] },
    }
    return { account: keeper.accountToAny(account) }
  })

  cfg.registerQuery(`${SERVICE}/Bech32Prefix`, async (_req, ctx) => ({
    bech32_prefix: prefix(ctx),
  }))

  cfg.registerQuery(`${SERVICE}/AddressBytesToString`, async (req, ctx) => {
    if (req.address_bytes.length === 0) {
      throw invalidArgument('empty address bytes is not allowed')
    }
    // Upstream's bech32 encoder has no length limit: neither has this one (any byte count).
    const words = bech32.toWords(req.address_bytes)
    return { address_string: bech32.encode(prefix(ctx), words, false) }
  })

  cfg.registerQuery(`${SERVICE}/AddressStringToBytes`, async (req) => {
    if (req.address_string.trim() === '') {
      throw invalidArgument('empty address string is not allowed')
    }
    return { address_bytes: codecAddressArg(req.address_string) }
  })
}
