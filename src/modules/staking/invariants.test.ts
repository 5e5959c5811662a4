import { describe, expect, test } from 'vitest'
import { govChainPerTest } from '../../../test/helpers/gov-chain.js'
import type { BlockContext } from '../../app/types.js'
import { moduleAddress } from '../../codec/address.js'
import { ChainHaltError } from '../../errors.js'
import { acc, genesisWith, keepers, op, POWER } from '../distribution/distribution.case.js'
import { stakingCheckInvariants, stakingInvariants } from './invariants.js'
import { BONDED_POOL_NAME, MODULE_NAME } from './keys.js'

// x/staking's four invariants, each checked on its own in a throw-away branch of a block, and by the
// one pass the app asserts after every block.

const chains = govChainPerTest()

async function chain() {
  return chains.create(
    genesisWith({
      balances: {},
      validators: [{ op: 1, tokens: 10n * POWER, delegations: { 1: 10n * POWER } }],
    }),
  )
}

/** The message of invariant `route` after `edit` (undefined: it holds), in a branch thrown away. */
async function checked(
  route: string,
  edit: (ctx: BlockContext, k: ReturnType<typeof keepers>) => Promise<void> | void = () => {},
): Promise<string | undefined> {
  const c = await chain()
  const k = keepers()
  const inv = stakingInvariants(k.staking).find((i) => i.route === route)!
  const { value } = await c.inBlock(async (ctx) => {
    const scratch = { ...ctx, state: ctx.state.branch() }
    await edit(scratch, k)
    // The app's one pass over the four finds the same first broken one.
    const all = await stakingCheckInvariants(k.staking, scratch)
    const message = await inv.check(scratch)
    expect(all).toEqual(message === undefined ? undefined : { route, message })
    return message
  })
  return value
}

const inverted = (n: number) =>
  Array(20)
    .fill(255 - n)
    .join(' ')

describe('staking invariants', () => {
  test('a block that breaks one is refused with its message (the app checks the four in one pass); the committed state stays', async () => {
    const c = await chain()
    await c.block()
    const height = c.height
    const { staking } = keepers()
    const err = await c
      .inBlock(async (ctx) => {
        const v = (await staking.validator(ctx.state, op(1)))!
        staking.c.validators.set(ctx.state.store(MODULE_NAME), op(1), {
          ...v,
          delegator_shares: '9999999000000000000000000',
        })
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainHaltError)
    expect((err as Error).message).toBe(
      'invariant broken: staking: delegator shares invariant\n' +
        'broken delegator shares invariance:\n' +
        '\tvalidator.DelegatorShares: 9999999.000000000000000000\n' +
        '\tsum of Delegator.Shares: 10000000.000000000000000000\n\n' +
        '\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken staking delegator-shares',
    )
    expect(c.height).toBe(height)
  })

  test('each holds on a chain whose stake moved only through x/staking', async () => {
    for (const route of [
      'module-accounts',
      'nonnegative-power',
      'positive-delegation',
      'delegator-shares',
    ])
      expect(await checked(route)).toBeUndefined()
  })

  test('module-accounts: coins in the bonded pool no bonded validator holds', async () => {
    const msg = await checked('module-accounts', async (ctx, { bank }) => {
      await bank.addCoins(ctx.state, moduleAddress(BONDED_POOL_NAME), [
        { denom: 'stake', amount: 7n },
      ])
    })
    expect(msg).toBe(
      'staking: bonded and not bonded module account coins invariant\n' +
        "\tPool's bonded tokens: 10000007stake\n" +
        '\tsum of bonded tokens: 10000000\n' +
        'not bonded token invariance:\n' +
        "\tPool's not bonded tokens: 0stake\n" +
        '\tsum of not bonded tokens: 0\n' +
        'module accounts total (bonded + not bonded):\n' +
        "\tModule Accounts' tokens: 10000007stake\n" +
        '\tsum tokens:              10000000\n\n',
    )
  })

  test('nonnegative-power: a power index entry at another power than the tokens give', async () => {
    const msg = await checked('nonnegative-power', (ctx, { staking }) => {
      staking.c.validatorsByPower.set(ctx.state.store(MODULE_NAME), [999n, op(1)], op(1))
    })
    expect(msg).toBe(
      'staking: nonnegative power invariant\n' +
        'found invalid validator powers\n' +
        'power store invariance:\n' +
        '\tvalidator.Power: 10\n' +
        `\tkey should be: [35 0 0 0 0 0 0 0 10 20 ${inverted(1)}]\n` +
        `\tkey in store: [35 0 0 0 0 0 0 3 231 20 ${inverted(1)}]\n\n`,
    )
  })

  test('positive-delegation: a delegation of zero shares', async () => {
    const msg = await checked('positive-delegation', (ctx, { staking }) => {
      staking.c.delegations.set(ctx.state.store(MODULE_NAME), [acc(5), op(1)], {
        delegator_address: 'sdk1delegator',
        validator_address: 'sdkvaloper1validator',
        shares: '0',
      })
    })
    expect(msg).toBe(
      'staking: positive delegations invariant\n' +
        '1 invalid delegations found\n' +
        '\tdelegation with zero shares: delegator sdk1delegator, validator sdkvaloper1validator, shares 0.000000000000000000\n\n',
    )
  })

  test('delegator-shares: a validator whose shares are not its delegations’ sum', async () => {
    const msg = await checked('delegator-shares', async (ctx, { staking }) => {
      const v = (await staking.validator(ctx.state, op(1)))!
      staking.c.validators.set(ctx.state.store(MODULE_NAME), op(1), {
        ...v,
        delegator_shares: '10000001000000000000000000',
      })
    })
    expect(msg).toBe(
      'staking: delegator shares invariant\n' +
        'broken delegator shares invariance:\n' +
        '\tvalidator.DelegatorShares: 10000001.000000000000000000\n' +
        '\tsum of Delegator.Shares: 10000000.000000000000000000\n\n',
    )
  })
})
