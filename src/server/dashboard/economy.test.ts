import { describe, expect, test } from 'vitest'
import { addressToBech32 } from '../../codec/address.js'
import { protoRegistry } from '../../codec/proto.js'
import { decBytes } from '../../modules/mint/keeper.js'
import {
  accountEconomy,
  decCoinsText,
  decPercent,
  decText,
  economyRows,
  economySection,
} from './economy.js'
import type { PageContext } from './page-context.js'
import { validatorsFragments } from './validators.js'

/**
 * The economy figures on the pages from query answers, with a method table that serves x/mint and
 * x/distribution and one that serves neither (an app version without them): the rows and columns
 * are there, or absent, and no page fails.
 */

const registry = protoRegistry()
const E18 = 10n ** 18n
const dec = (text: string) => {
  const [whole, fraction = ''] = text.split('.')
  return (BigInt(whole!) * E18 + BigInt(fraction.padEnd(18, '0'))).toString()
}
const OPERATOR = addressToBech32(new Uint8Array(20).fill(1), 'sdkvaloper')
const DELEGATOR = addressToBech32(new Uint8Array(20).fill(1), 'sdk')
const OTHER = addressToBech32(new Uint8Array(20).fill(2), 'sdkvaloper')

type Served = Record<string, { responseType: string; answer: (req: any) => object }>

const MINT: Served = {
  '/sdk.mint.v1beta1.Query/Inflation': {
    responseType: 'sdk.mint.v1beta1.QueryInflationResponse',
    answer: () => ({ inflation: decBytes(130_000_512_000_000_000n) }),
  },
  '/sdk.mint.v1beta1.Query/AnnualProvisions': {
    responseType: 'sdk.mint.v1beta1.QueryAnnualProvisionsResponse',
    answer: () => ({ annual_provisions: decBytes(13_000_051_200_000_000_000_000_000n) }),
  },
  '/sdk.mint.v1beta1.Query/Params': {
    responseType: 'sdk.mint.v1beta1.QueryParamsResponse',
    answer: () => ({ params: { mint_denom: 'stake' } }),
  },
}

const DISTRIBUTION: Served = {
  '/sdk.distribution.v1beta1.Query/CommunityPool': {
    responseType: 'sdk.distribution.v1beta1.QueryCommunityPoolResponse',
    answer: () => ({ pool: [{ denom: 'stake', amount: dec('1234.5') }] }),
  },
  '/sdk.distribution.v1beta1.Query/ValidatorCommission': {
    responseType: 'sdk.distribution.v1beta1.QueryValidatorCommissionResponse',
    answer: () => ({ commission: { commission: [{ denom: 'stake', amount: dec('10.25') }] } }),
  },
  '/sdk.distribution.v1beta1.Query/ValidatorOutstandingRewards': {
    responseType: 'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse',
    answer: () => ({ rewards: { rewards: [{ denom: 'stake', amount: dec('99.000001') }] } }),
  },
  '/sdk.distribution.v1beta1.Query/DelegationTotalRewards': {
    responseType: 'sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse',
    answer: () => ({
      rewards: [
        { validator_address: OPERATOR, reward: [{ denom: 'stake', amount: dec('3.5') }] },
        { validator_address: OTHER, reward: [] },
      ],
      total: [{ denom: 'stake', amount: dec('3.5') }],
    }),
  },
}

const STAKING: Served = {
  '/sdk.staking.v1beta1.Query/Validators': {
    responseType: 'sdk.staking.v1beta1.QueryValidatorsResponse',
    answer: () => ({
      validators: [
        {
          operator_address: OPERATOR,
          status: 3,
          tokens: '25000000',
          delegator_shares: '25000000000000000000000000',
          description: { moniker: 'val1' },
          commission: { commission_rates: { rate: dec('0.05'), max_rate: dec('1') } },
        },
      ],
    }),
  },
  '/sdk.staking.v1beta1.Query/Validator': {
    responseType: 'sdk.staking.v1beta1.QueryValidatorResponse',
    answer: (req: { validator_addr: string }) => {
      if (req.validator_addr !== OPERATOR) throw new Error('validator does not exist')
      return {
        validator: {
          operator_address: OPERATOR,
          description: { moniker: 'val1' },
          commission: { commission_rates: { rate: dec('0.05') } },
        },
      }
    },
  },
}

function context(served: Served): PageContext {
  const routed = (path: string) => {
    const m = served[path]
    return m ? { path, responseType: registry.type(m.responseType), answer: m.answer } : undefined
  }
  const router = {
    registry,
    byPath: routed,
    method: (name: string) => routed(`/${name}`),
    run: async (m: { answer: (req: object) => object }, req: object) => m.answer(req),
  }
  return {
    chain: { router } as unknown as PageContext['chain'],
    summaries: undefined as unknown as PageContext['summaries'],
    view: { height: 5, latest: 5, at: undefined },
  }
}

const ALL = context({ ...MINT, ...DISTRIBUTION, ...STAKING })
const NONE = context(STAKING)
const visible = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('economy figures on the dashboard', () => {
  test('behavior: decimals as people read them, percentages truncated as the chain truncates', () => {
    expect(decText('12.500000000000000000')).toBe('12.5')
    expect(decText('7.000000000000000000')).toBe('7')
    expect(decText('0.000000000000000001')).toBe('0.000000000000000001')
    expect(decPercent('0.130000512000000000')).toBe('13.000051%')
    expect(decPercent('0.130000512000000000', 7)).toBe('13.0000512%')
    expect(decPercent('0.200000000000000000')).toBe('20%')
    expect(decPercent('nonsense')).toBe('nonsense')
    expect(decCoinsText([])).toBe('0')
    expect(
      decCoinsText([
        { denom: 'stake', amount: '1.100000000000000000' },
        { denom: 'token', amount: '2.000000000000000000' },
      ]),
    ).toBe('1.1stake, 2token')
  })

  test('behavior: the overview shows inflation, annual provisions and the community pool when served', async () => {
    expect(await economyRows(ALL)).toEqual([
      ['Inflation', '13.000051%'],
      ['Annual provisions', '13000051.2stake a year'],
      ['Community pool', '1234.5stake'],
    ])
    expect(visible(String(await economySection(ALL)))).toBe(
      'Economy Inflation 13.000051% Annual provisions 13000051.2stake a year Community pool 1234.5stake',
    )
    // x/mint alone (distribution not served): no community pool row.
    expect((await economyRows(context({ ...MINT, ...STAKING }))).map((r) => r[0])).toEqual([
      'Inflation',
      'Annual provisions',
    ])
  })

  test('behavior: an app version serving neither x/mint nor x/distribution gets an empty, hidden economy section, no failure', async () => {
    expect(await economyRows(NONE)).toEqual([])
    expect(String(await economySection(NONE))).toBe('<section id="economy" hidden></section>')
  })

  test('behavior: the validators table adds commission earned and outstanding rewards only when x/distribution is served', async () => {
    const served = (await validatorsFragments(ALL))['validator-set']!
    expect(served).toContain('<th scope="col" class="num">Commission earned</th>')
    expect(served).toContain('<td class="num" data-col="commission-earned">10.25stake</td>')
    expect(served).toContain('<td class="num" data-col="outstanding">99.000001stake</td>')
    const without = (await validatorsFragments(NONE))['validator-set']!
    expect(without).not.toContain('Commission earned')
    expect(without).not.toContain('data-col="outstanding"')
    expect(without).toContain('data-col="commission">5%</td>')
  })

  test("behavior: an account page shows each delegation's pending reward and the total, and the validator it operates with its commission and outstanding rewards", async () => {
    const text = visible(String(await accountEconomy(ALL, DELEGATOR)))
    expect(text).toBe(
      `Validator Operator address ${OPERATOR} Moniker val1 Commission rate 5% Accumulated commission 10.25stake Outstanding rewards 99.000001stake ` +
        `Delegation rewards Validator Pending reward ${OPERATOR} 3.5stake ${OTHER} 0 Total 3.5stake`,
    )
    // An account that operates no validator: only its rewards.
    const other = addressToBech32(new Uint8Array(20).fill(9), 'sdk')
    expect(visible(String(await accountEconomy(ALL, other)))).toMatch(/^Delegation rewards /)
    // Neither query served: nothing added, no failure.
    expect(visible(String(await accountEconomy(context({}), DELEGATOR)))).toBe('')
  })
})
