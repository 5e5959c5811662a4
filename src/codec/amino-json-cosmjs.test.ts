import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { MsgMultiSend, MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { MsgDeposit, MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/gov/v1/tx'
import { TextProposal } from 'cosmjs-types/cosmos/gov/v1beta1/gov'
import {
  MsgDeposit as MsgDepositV1beta1,
  MsgSubmitProposal as MsgSubmitProposalV1beta1,
  MsgVote as MsgVoteV1beta1,
} from 'cosmjs-types/cosmos/gov/v1beta1/tx'
import { MsgCancelUpgrade, MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx'
import { describe, expect, test } from 'vitest'
import { createTestAminoTypes } from '../../test/helpers/amino-converters.js'
import { cosmos, FROM, GOV, TO } from './amino-json.case.js'
import { aminoSignDocJson } from './amino-json.js'
import { fromUtf8 } from './bytes.js'

describe('the same bytes as cosmjs (makeSignDoc + serializeSignDoc, AminoTypes) in brand cosmos', () => {
  const aminoTypes = createTestAminoTypes()
  const zeroTime = { seconds: -62_135_596_800n, nanos: 0 }
  const upgrade = MsgSoftwareUpgrade.fromPartial({
    authority: GOV,
    plan: { name: 'v2', time: zeroTime, height: 4200n, info: '{"binaries":{}}' },
  })
  // Each message as cosmjs has it and as an Any of sdkd's registry (the same protobuf bytes).
  const cases: [string, string, { encode(m: never): { finish(): Uint8Array } }, unknown][] = [
    [
      'MsgSend',
      '/cosmos.bank.v1beta1.MsgSend',
      MsgSend,
      MsgSend.fromPartial({
        fromAddress: FROM,
        toAddress: TO,
        amount: [
          { denom: 'stake', amount: '1500' },
          { denom: 'token', amount: '7' },
        ],
      }),
    ],
    [
      'MsgMultiSend',
      '/cosmos.bank.v1beta1.MsgMultiSend',
      MsgMultiSend,
      MsgMultiSend.fromPartial({
        inputs: [{ address: FROM, coins: [{ denom: 'stake', amount: '30' }] }],
        outputs: [
          { address: GOV, coins: [{ denom: 'stake', amount: '10' }] },
          { address: TO, coins: [{ denom: 'stake', amount: '20' }] },
        ],
      }),
    ],
    [
      'gov v1 MsgSubmitProposal carrying MsgSoftwareUpgrade',
      '/cosmos.gov.v1.MsgSubmitProposal',
      MsgSubmitProposal,
      MsgSubmitProposal.fromPartial({
        messages: [
          {
            typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
            value: MsgSoftwareUpgrade.encode(upgrade).finish(),
          },
        ],
        initialDeposit: [{ denom: 'stake', amount: '10000000' }],
        proposer: FROM,
        metadata: 'ipfs://x',
        title: 'Upgrade to v2',
        summary: 'Switch <binaries> & go',
      }),
    ],
    [
      'gov v1 MsgVote',
      '/cosmos.gov.v1.MsgVote',
      MsgVote,
      MsgVote.fromPartial({ proposalId: 4n, voter: FROM, option: 3 }),
    ],
    [
      'gov v1 MsgDeposit',
      '/cosmos.gov.v1.MsgDeposit',
      MsgDeposit,
      MsgDeposit.fromPartial({
        proposalId: 4n,
        depositor: FROM,
        amount: [{ denom: 'stake', amount: '5' }],
      }),
    ],
    [
      'MsgSoftwareUpgrade',
      '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
      MsgSoftwareUpgrade,
      upgrade,
    ],
    [
      'gov v1beta1 MsgSubmitProposal carrying a TextProposal',
      '/cosmos.gov.v1beta1.MsgSubmitProposal',
      MsgSubmitProposalV1beta1,
      MsgSubmitProposalV1beta1.fromPartial({
        content: {
          typeUrl: '/cosmos.gov.v1beta1.TextProposal',
          value: TextProposal.encode({
            title: 'Fund the docs',
            description: 'Signal\nonly',
          }).finish(),
        },
        initialDeposit: [{ denom: 'stake', amount: '1' }],
        proposer: FROM,
      }),
    ],
    [
      'gov v1beta1 MsgVote',
      '/cosmos.gov.v1beta1.MsgVote',
      MsgVoteV1beta1,
      MsgVoteV1beta1.fromPartial({ proposalId: 4n, voter: FROM, option: 1 }),
    ],
    [
      'gov v1beta1 MsgDeposit',
      '/cosmos.gov.v1beta1.MsgDeposit',
      MsgDepositV1beta1,
      MsgDepositV1beta1.fromPartial({
        proposalId: 4n,
        depositor: FROM,
        amount: [{ denom: 'stake', amount: '5' }],
      }),
    ],
    [
      'MsgCancelUpgrade',
      '/cosmos.upgrade.v1beta1.MsgCancelUpgrade',
      MsgCancelUpgrade,
      MsgCancelUpgrade.fromPartial({ authority: GOV }),
    ],
  ]

  test.each(cases)('behavior: %s', (_name, typeUrl, type, value) => {
    const fee = { amount: [{ denom: 'stake', amount: '2500' }], gas: '180000' }
    const theirs = serializeSignDoc(
      makeSignDoc(
        [aminoTypes.toAmino({ typeUrl, value })],
        fee,
        'simnet-1',
        'memo <&>',
        12,
        34,
        99n,
      ),
    )
    const ours = aminoSignDocJson(cosmos, {
      chainId: 'simnet-1',
      accountNumber: 12n,
      sequence: 34n,
      memo: 'memo <&>',
      timeoutHeight: 99n,
      msgs: [{ type_url: typeUrl, value: type.encode(value as never).finish() }],
      fee: { amount: fee.amount, gasLimit: 180_000n },
    })
    expect(ours).toBe(fromUtf8(theirs))
  })
})
