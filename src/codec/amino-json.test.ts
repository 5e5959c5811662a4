import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import {
  aminoSignDocBytes,
  createUnsignedTx,
  encodeTxRaw,
  signTx,
  type TxObject,
} from '../client/tx-builder.js'
import { cosmos, FROM, GO_ZERO_TIME, GOV, PRIVATE_KEY, pack, sdk, TO } from './amino-json.case.js'
import {
  AminoJsonError,
  aminoJsonOfAny,
  aminoSignDocJson,
  aminoTypeOf,
  SIGN_MODE_LEGACY_AMINO_JSON,
} from './amino-json.js'
import { fromUtf8, toBase64, toHex, toHexUpper } from './bytes.js'
import type { ProtoRegistry } from './proto.js'

describe('the reference worked example (bank MsgSend, brand cosmos)', () => {
  const send = pack(cosmos, '/sdk.bank.v1beta1.MsgSend', {
    from_address: FROM,
    to_address: TO,
    amount: [{ denom: 'stake', amount: '1500' }],
  })
  const unsigned = createUnsignedTx({
    messages: [send],
    fee: { amount: [{ denom: 'stake', amount: 2500n }], gasLimit: 100_000n },
    memo: 'rent <May> & fees',
  })
  const signer = { chainId: 'simnet-1', accountNumber: 7n, sequence: 3n }
  const key = { privateKey: PRIVATE_KEY, pubKey: secp256k1.getPublicKey(PRIVATE_KEY, true) }

  test('behavior: the sign bytes are the 387 bytes of the reference and hash to its digest', () => {
    const bytes = aminoSignDocBytes(cosmos, unsigned, signer)
    expect(fromUtf8(bytes)).toBe(
      '{"account_number":"7","chain_id":"simnet-1","fee":{"amount":[{"amount":"2500","denom":"stake"}],"gas":"100000"},"memo":"rent \\u003cMay\\u003e \\u0026 fees","msgs":[{"type":"cosmos-sdk/MsgSend","value":{"amount":[{"amount":"1500","denom":"stake"}],"from_address":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7","to_address":"cosmos1yxhvy6luqmcqgk5lqjfjxujqste42lyhcc4rl8"}}],"sequence":"3"}',
    )
    expect(bytes.length).toBe(387)
    expect(toHex(sha256(bytes))).toBe(
      'afee0e631cf269e8412578b1be53dcc35facd0db16188c2b6f0ae35ef8d0d0c7',
    )
  })

  test('behavior: signed in amino-json mode, the signature, TxRaw and tx hash are the reference ones', () => {
    const signed = signTx(cosmos, unsigned, key, signer, { signMode: 'amino-json' })
    expect(toHex(signed.signatures![0])).toBe(
      'c563104ce4dc026b59eeed96da66f179459d916a19e168d70b3e2b66ecff245a1dab6b4b49260da3dd06fad45984bf317649fad27ad15950803191ebcfcef10d',
    )
    expect(signed.auth_info!.signer_infos![0].mode_info).toEqual({
      single: { mode: SIGN_MODE_LEGACY_AMINO_JSON },
    })
    const raw = encodeTxRaw(cosmos, signed)
    expect(toBase64(raw)).toBe(
      'CqMBCo0BChwvY29zbW9zLmJhbmsudjFiZXRhMS5Nc2dTZW5kEm0KLWNvc21vczFlN3p5MmEwdjRyOG1hNHRxNjJ3OGNoeDM2bmtwbnJ6dHdkYXVkNxItY29zbW9zMXl4aHZ5Nmx1cW1jcWdrNWxxamZqeHVqcXN0ZTQybHloY2M0cmw4Gg0KBXN0YWtlEgQxNTAwEhFyZW50IDxNYXk+ICYgZmVlcxJnClAKRgofL2Nvc21vcy5jcnlwdG8uc2VjcDI1NmsxLlB1YktleRIjCiECcyqCYAVnMWd3ISj5EAmA7dZwlF5pnu2TSZ4QWxCDz0ESBAoCCH8YAxITCg0KBXN0YWtlEgQyNTAwEKCNBhpAxWMQTOTcAmtZ7u2W2mbxeUWdkWoZ4WjXCz4rZuz/JFodq2tLSSYNo90G+tRZhL8xdkn60nrRWVCAMZHrz87xDQ==',
    )
    expect(toHexUpper(sha256(raw))).toBe(
      'A6F122C4FB53301A9B9F4F92D2EEEA72D3E06CAE573C33BDEC9DFB690A6977BA',
    )
  })

  test('error: a tx with extension options cannot be signed in amino-json mode', () => {
    const withExtension: TxObject = {
      ...unsigned,
      body: { ...unsigned.body, non_critical_extension_options: [send] },
    }
    expect(() => aminoSignDocBytes(cosmos, withExtension, signer)).toThrow(
      'SIGN_MODE_LEGACY_AMINO_JSON does not support protobuf extension options: invalid request',
    )
  })
})

describe('amino names and field rules, from the protos', () => {
  test('behavior: brand cosmos has upstream’s names, brand sdk their sdk forms; the pubkey name is never branded', () => {
    const names = (r: ProtoRegistry) =>
      [
        'sdk.bank.v1beta1.MsgSend',
        'sdk.bank.v1beta1.MsgMultiSend',
        'sdk.gov.v1.MsgSubmitProposal',
        'sdk.gov.v1.MsgVote',
        'sdk.gov.v1.MsgDeposit',
        'sdk.gov.v1.MsgCancelProposal',
        'sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
        'sdk.upgrade.v1beta1.MsgCancelUpgrade',
        'sdk.crypto.secp256k1.PubKey',
      ].map((n) => aminoTypeOf(r.type(n)))
    expect(names(cosmos)).toEqual([
      'cosmos-sdk/MsgSend',
      'cosmos-sdk/MsgMultiSend',
      'cosmos-sdk/v1/MsgSubmitProposal',
      'cosmos-sdk/v1/MsgVote',
      'cosmos-sdk/v1/MsgDeposit',
      '/cosmos.gov.v1.MsgCancelProposal',
      'cosmos-sdk/MsgSoftwareUpgrade',
      'cosmos-sdk/MsgCancelUpgrade',
      'tendermint/PubKeySecp256k1',
    ])
    expect(names(sdk)).toEqual([
      'sdk/MsgSend',
      'sdk/MsgMultiSend',
      'sdk/v1/MsgSubmitProposal',
      'sdk/v1/MsgVote',
      'sdk/v1/MsgDeposit',
      '/sdk.gov.v1.MsgCancelProposal',
      'sdk/MsgSoftwareUpgrade',
      'sdk/MsgCancelUpgrade',
      'tendermint/PubKeySecp256k1',
    ])
  })

  test('behavior: the reference msgs[] elements: nested Any wrapped, Plan not, zero time, empty fields left out', () => {
    const upgrade = pack(cosmos, '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
      authority: GOV,
      plan: { name: 'v2', time: GO_ZERO_TIME, height: '4200' },
    })
    const proposal = pack(cosmos, '/sdk.gov.v1.MsgSubmitProposal', {
      messages: [upgrade],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: FROM,
      title: 'Upgrade to v2',
      summary: 'Switch binaries at 4200',
    })
    expect(aminoJsonOfAny(cosmos, proposal)).toBe(
      '{"type":"cosmos-sdk/v1/MsgSubmitProposal","value":{"initial_deposit":[{"amount":"10000000","denom":"stake"}],"messages":[{"type":"cosmos-sdk/MsgSoftwareUpgrade","value":{"authority":"cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn","plan":{"height":"4200","name":"v2","time":"0001-01-01T00:00:00Z"}}}],"proposer":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7","summary":"Switch binaries at 4200","title":"Upgrade to v2"}}',
    )
    const vote = pack(cosmos, '/sdk.gov.v1.MsgVote', { proposal_id: '4', voter: FROM, option: 1 })
    expect(aminoJsonOfAny(cosmos, vote)).toBe(
      '{"type":"cosmos-sdk/v1/MsgVote","value":{"option":1,"proposal_id":"4","voter":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7"}}',
    )
    const cancel = pack(cosmos, '/sdk.gov.v1.MsgCancelProposal', {
      proposal_id: '4',
      proposer: FROM,
    })
    expect(aminoJsonOfAny(cosmos, cancel)).toBe(
      '{"type":"/cosmos.gov.v1.MsgCancelProposal","value":{"proposal_id":"4","proposer":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7"}}',
    )
    const text = pack(cosmos, '/sdk.gov.v1beta1.TextProposal', {
      title: 'Fund the docs',
      description: 'Signal only',
    })
    const legacy = pack(cosmos, '/sdk.gov.v1beta1.MsgSubmitProposal', {
      content: text,
      proposer: FROM,
    })
    expect(aminoJsonOfAny(cosmos, legacy)).toBe(
      '{"type":"cosmos-sdk/MsgSubmitProposal","value":{"content":{"type":"cosmos-sdk/TextProposal","value":{"description":"Signal only","title":"Fund the docs"}},"initial_deposit":[],"proposer":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7"}}',
    )
    const legacyVote = pack(cosmos, '/sdk.gov.v1beta1.MsgVote', {
      proposal_id: '4',
      voter: FROM,
      option: 3,
    })
    expect(aminoJsonOfAny(cosmos, legacyVote)).toBe(
      '{"type":"cosmos-sdk/MsgVote","value":{"option":3,"proposal_id":"4","voter":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7"}}',
    )
    const multi = pack(cosmos, '/sdk.bank.v1beta1.MsgMultiSend', {
      inputs: [{ address: FROM, coins: [{ denom: 'stake', amount: '30' }] }],
      outputs: [
        { address: GOV, coins: [{ denom: 'stake', amount: '10' }] },
        { address: TO, coins: [{ denom: 'stake', amount: '20' }] },
      ],
    })
    expect(aminoJsonOfAny(cosmos, multi)).toBe(
      '{"type":"cosmos-sdk/MsgMultiSend","value":{"inputs":[{"address":"cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7","coins":[{"amount":"30","denom":"stake"}]}],"outputs":[{"address":"cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn","coins":[{"amount":"10","denom":"stake"}]},{"address":"cosmos1yxhvy6luqmcqgk5lqjfjxujqste42lyhcc4rl8","coins":[{"amount":"20","denom":"stake"}]}]}}',
    )
  })

  test('behavior: brand sdk writes the same element with the sdk names', () => {
    const upgrade = pack(sdk, '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
      authority: 'a',
      plan: { name: 'v2', time: GO_ZERO_TIME, height: '9', info: '{}' },
    })
    const proposal = pack(sdk, '/sdk.gov.v1.MsgSubmitProposal', {
      messages: [upgrade],
      proposer: 'p',
      expedited: true,
    })
    expect(aminoJsonOfAny(sdk, proposal)).toBe(
      '{"type":"sdk/v1/MsgSubmitProposal","value":{"expedited":true,"initial_deposit":[],"messages":[{"type":"sdk/MsgSoftwareUpgrade","value":{"authority":"a","plan":{"height":"9","info":"{}","name":"v2","time":"0001-01-01T00:00:00Z"}}}],"proposer":"p"}}',
    )
  })

  test('behavior: omit vs zero follows dont_omitempty; legacy_coins writes [], other lists null', () => {
    const send = pack(sdk, '/sdk.bank.v1beta1.MsgSend', { from_address: 'f', to_address: '' })
    expect(aminoJsonOfAny(sdk, send)).toBe(
      '{"type":"sdk/MsgSend","value":{"amount":[],"from_address":"f"}}',
    )
    const deposit = pack(sdk, '/sdk.gov.v1.MsgDeposit', { depositor: 'd' })
    expect(aminoJsonOfAny(sdk, deposit)).toBe(
      '{"type":"sdk/v1/MsgDeposit","value":{"amount":null,"depositor":"d","proposal_id":"0"}}',
    )
    const vote = pack(sdk, '/sdk.gov.v1.MsgVote', { voter: 'v', metadata: '' })
    expect(aminoJsonOfAny(sdk, vote)).toBe(
      '{"type":"sdk/v1/MsgVote","value":{"proposal_id":"0","voter":"v"}}',
    )
    const coinNoAmount = pack(sdk, '/sdk.bank.v1beta1.MsgSend', {
      amount: [
        { denom: 'stake', amount: '' },
        { denom: '', amount: '5' },
      ],
    })
    expect(aminoJsonOfAny(sdk, coinNoAmount)).toBe(
      '{"type":"sdk/MsgSend","value":{"amount":[{"amount":"","denom":"stake"},{"amount":"5"}]}}',
    )
    const multi = pack(sdk, '/sdk.bank.v1beta1.MsgMultiSend', {})
    expect(aminoJsonOfAny(sdk, multi)).toBe(
      '{"type":"sdk/MsgMultiSend","value":{"inputs":null,"outputs":null}}',
    )
  })

  test('behavior: the document keeps memo, gas and fee amount when empty, leaves out timeout height 0 and empty payer/granter', () => {
    const doc = (fee: object, timeoutHeight = 0n) =>
      aminoSignDocJson(sdk, {
        chainId: 'c',
        accountNumber: 0n,
        sequence: 0n,
        memo: '',
        timeoutHeight,
        msgs: [],
        fee: { amount: [], gasLimit: 0n, ...fee },
      })
    expect(doc({ payer: '', granter: '' })).toBe(
      '{"account_number":"0","chain_id":"c","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[],"sequence":"0"}',
    )
    expect(doc({ payer: 'p', granter: 'g' }, 18446744073709551615n)).toBe(
      '{"account_number":"0","chain_id":"c","fee":{"amount":[],"gas":"0","granter":"g","payer":"p"},"memo":"","msgs":[],"sequence":"0","timeout_height":"18446744073709551615"}',
    )
  })

  test('behavior: strings are escaped as Go does, U+2028 and U+2029 included; other text stays raw UTF-8', () => {
    const json = aminoSignDocJson(sdk, {
      chainId: 'c',
      accountNumber: 1n,
      sequence: 2n,
      memo: 'a<b>&"\\\n\r\t\b\f\u0001\u007f\u2028\u2029é😀',
      timeoutHeight: 0n,
      msgs: [],
      fee: { amount: [], gasLimit: 1n },
    })
    expect(json).toContain(
      '"memo":"a\\u003cb\\u003e\\u0026\\"\\\\\\n\\r\\t\\b\\f\\u0001\u007f\\u2028\\u2029é😀"',
    )
  })

  test('behavior: 64-bit numbers quoted, enums and bools bare, bytes base64, durations in nanoseconds, a public key as its base64', () => {
    const pubKey = pack(cosmos, '/sdk.crypto.secp256k1.PubKey', {
      key: secp256k1.getPublicKey(PRIVATE_KEY, true),
    })
    expect(aminoJsonOfAny(cosmos, pubKey)).toBe(
      '{"type":"tendermint/PubKeySecp256k1","value":"AnMqgmAFZzFndyEo+RAJgO3WcJReaZ7tk0meEFsQg89B"}',
    )
    const params = pack(sdk, '/sdk.gov.v1.MsgUpdateParams', {
      authority: 'a',
      params: {
        voting_period: { seconds: '172800', nanos: 0 },
        max_deposit_period: { seconds: '1', nanos: 5 },
        burn_vote_veto: true,
      },
    })
    const json = aminoJsonOfAny(sdk, params)
    expect(json).toMatch(
      /^\{"type":"sdk\/x\/gov\/v1\/MsgUpdateParams","value":\{"authority":"a","params":\{/,
    )
    expect(json).toContain('"burn_vote_veto":true')
    expect(json).toContain('"max_deposit_period":"1000000005"')
    expect(json).toContain('"voting_period":"172800000000000"')
  })

  test('error: a plan whose time is not set cannot be written (dont_omitempty on an unset message)', () => {
    const upgrade = pack(sdk, '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
      authority: 'a',
      plan: { name: 'v2', height: '9' },
    })
    expect(() => aminoJsonOfAny(sdk, upgrade)).toThrow(AminoJsonError)
    expect(() => aminoJsonOfAny(sdk, upgrade)).toThrow(
      'not supported: dont_omit_empty=true on invalid (nil?) message field: time',
    )
  })

  test('error: an Any of an unknown type URL cannot be written', () => {
    const proposal = pack(sdk, '/sdk.gov.v1.MsgSubmitProposal', {
      messages: [{ type_url: '/sdk.bank.v1beta1.MsgBurn', value: new Uint8Array() }],
    })
    expect(() => aminoJsonOfAny(sdk, proposal)).toThrow(
      "can't resolve type URL /sdk.bank.v1beta1.MsgBurn",
    )
  })
})
