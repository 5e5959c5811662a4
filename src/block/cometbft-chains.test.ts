import { describe, expect, test } from 'vitest'
import { toHexUpper } from '../codec/bytes.js'
import { EMPTY_HASH } from '../codec/hash.js'
import { BlockBuilder, EMPTY_BLOCK_ID } from './block.js'
import {
  blockId,
  DEFAULT_PARAMS,
  ed25519Verify,
  hex,
  registry,
  replaySigner,
  time,
} from './cometbft-vectors.case.js'

/**
 * Known-answer vectors for the claim (README, "What sdkd is") that blocks have CometBFT's exact hashing. Every
 * expected value below comes from an upstream test or from a real CometBFT node's RPC answer
 * recorded in an upstream test suite; the file and test are named next to each.
 */

/**
 * A real chain with sdkd's exact header version ({block: 11}, app 0): a gaia node ("ibc-0",
 * Tendermint v0.34.9 — header, block, part-set and commit encodings are the same in CometBFT 0.38),
 * recorded in informalsystems/tendermint-rs rpc/tests/gaia_fixtures/incoming/. Its single validator
 * is in status.json; consensus params (22020096 / -1) in consensus_params.json.
 */
describe('a real chain, block for block (tendermint-rs gaia_fixtures)', () => {
  const VALIDATOR_KEY = 'sor2GvQvyJm5myIU0gI+VtPSvwUkyZQFYF8abzvOLPs='
  const VALIDATOR_POWER = 100000n
  const CHAIN = 'ibc-0'

  test('behavior: validator address, validators hash and consensus hash (status.json, block headers)', () => {
    const { signer } = replaySigner(VALIDATOR_KEY, VALIDATOR_POWER, '')
    expect(toHexUpper(signer.address)).toBe('BB22AD764B674CC08753B24175E2FC61B22B1419')
    const builder = new BlockBuilder(registry, CHAIN, signer, DEFAULT_PARAMS)
    expect(toHexUpper(builder.validatorsHash)).toBe(
      '0A6CA9001DB07E985DF9043045B392588DF7C1C720E30EBAEFDC8A848C551D6A',
    )
    expect(toHexUpper(builder.consensusHash)).toBe(
      '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
    )
  })

  test('behavior: block 1 (block_at_height_1.json) has block id 739127E7… and part set AF225F28…', () => {
    const { signer, signed } = replaySigner(VALIDATOR_KEY, VALIDATOR_POWER, '')
    const b = new BlockBuilder(registry, CHAIN, signer, DEFAULT_PARAMS).build({
      height: 1,
      time: time('2021-12-17T20:27:28.966992937Z'),
      lastBlockId: EMPTY_BLOCK_ID,
      appHash: EMPTY_HASH,
      // CometBFT sets the first block's last_results_hash to the empty tree's root after InitChain.
      lastResultsHash: EMPTY_HASH,
      txs: [],
    })
    expect(signed).toEqual([])
    expect(toHexUpper(b.header.lastCommitHash)).toBe(toHexUpper(EMPTY_HASH))
    expect(toHexUpper(b.blockId.hash)).toBe(
      '739127E7942BEF14DFF0C3C9C4A9BF0DF1A97BEFF085153817B8960273830439',
    )
    expect(b.blockId.parts.total).toBe(1)
    expect(toHexUpper(b.blockId.parts.hash)).toBe(
      'AF225F2883AFC75DB7F481E5BDEE396CE9B5787399F8F9876CA980BD026C02D1',
    )
  })

  test('behavior: block 10 (block_at_height_10.json): signed last commit, commit hash, block id, part set', () => {
    const { signer, signed } = replaySigner(
      VALIDATOR_KEY,
      VALIDATOR_POWER,
      'd1qUrZd0jrJRGDnI3I69LXTTHh2HBLHY8U5r4YFwy7Zn+kdo30Xs0eAdhmpt7kUG/XZSr1zwyLTneRXPipn9DQ==',
    )
    const b = new BlockBuilder(registry, CHAIN, signer, DEFAULT_PARAMS).build({
      height: 10,
      time: time('2021-12-17T20:27:47.875954829Z'),
      lastBlockId: blockId(
        'CD0A81D2658C56FD65587E4502E4BC89955002B5B89F986C7D63A5AF184FBC92',
        1,
        '6E41BBA804019240A672F9AC6625BAA6D40B3887D6F6BE3E64CF54D93F021B76',
      ),
      appHash: hex('A7139E6F28A9506629C60E3FDFD1A325E99177A4A3C8FA131732B6170C113C8E'),
      lastResultsHash: EMPTY_HASH,
      txs: [],
    })
    // The real validator's precommit signature verifies over the vote bytes sdkd built.
    expect(signed).toHaveLength(1)
    expect(ed25519Verify(signer.pubKey, signed[0]!, b.lastCommit.signatures[0]!.signature)).toBe(
      true,
    )
    expect(toHexUpper(b.header.lastCommitHash)).toBe(
      '3A9BEC015F1A923C17EF81007945F552AD4E35DDA445AFA91296564DCB748357',
    )
    expect(toHexUpper(b.blockId.hash)).toBe(
      'EB917FF229E0987637F20EDB8114CAC3F967D843C5CC480969D64D7A368F077F',
    )
    expect(b.blockId.parts.total).toBe(1)
    expect(toHexUpper(b.blockId.parts.hash)).toBe(
      'ABFFFBEDF37CB50B0F5617D2A85110B838EA2B3E3E56CCA1E09A27DCD5BBF769',
    )
  })

  test('behavior: the commit of block 10 (commit_at_height_10.json) carries a vote the validator signed', () => {
    const { signer, signed } = replaySigner(
      VALIDATOR_KEY,
      VALIDATOR_POWER,
      'kee4m2vVgQHrrkueLk9ddhjkMCgz+1ZqSPYvmgI3nDpVGsR5T3N98csjyOJhiwUcBj5QwFqUjjDJH0dOgZv1CQ==',
    )
    const commit = new BlockBuilder(registry, CHAIN, signer, DEFAULT_PARAMS).makeCommit(
      10,
      blockId(
        'EB917FF229E0987637F20EDB8114CAC3F967D843C5CC480969D64D7A368F077F',
        1,
        'ABFFFBEDF37CB50B0F5617D2A85110B838EA2B3E3E56CCA1E09A27DCD5BBF769',
      ),
      time('2021-12-17T20:27:48.90012577Z'),
    )
    expect(ed25519Verify(signer.pubKey, signed[0]!, commit.signatures[0]!.signature)).toBe(true)
  })
})

/** CometBFT 0.38 itself: tendermint-rs rpc/tests/kvstore_fixtures/v0_38/incoming/ (0.38.0-alpha.1). */
describe('CometBFT 0.38 (tendermint-rs kvstore_fixtures/v0_38)', () => {
  test('behavior: validators hash of the single validator (status.json) is 33415EFF…', () => {
    const { signer } = replaySigner('bNNlGls5R25wC3Sd8720F/3+7IZBhXcD22MNFtPk/v0=', 10n, '')
    expect(toHexUpper(signer.address)).toBe('2DD9F44FD9067555C322243C3C913BA7B51D2BE0')
    expect(
      toHexUpper(new BlockBuilder(registry, 'dockerchain', signer, DEFAULT_PARAMS).validatorsHash),
    ).toBe('33415EFFCEDA5BD0A3A443A727457D9F7B9E38389BF27A936FEDF749A7B7566E')
  })

  test('behavior: block 10’s last commit (block_at_height_10.json): real signature over sdkd’s vote bytes, hash A3AD4678…', () => {
    const { signer, signed } = replaySigner(
      'bNNlGls5R25wC3Sd8720F/3+7IZBhXcD22MNFtPk/v0=',
      10n,
      'BMy5pB3a9xeEnuBkja/a6GUvP1guZ2lMQtZYvdrl8s0ri1/LaF0JuI9rOsy1biVTv+TDKzlBXTZ5gdgiq0uCAg==',
    )
    const builder = new BlockBuilder(registry, 'dockerchain', signer, DEFAULT_PARAMS)
    const commit = builder.makeCommit(
      9,
      blockId(
        '678A83FB0422D053A3792154703122861DD68ABB8247A4FF2945DF832DB18FC8',
        1,
        '29FE32F6B57D8439C9E9F6240B436DD560646FDA8C8C105E2C261B6F4746E89C',
      ),
      time('2023-05-17T14:12:53.088875124Z'),
    )
    expect(ed25519Verify(signer.pubKey, signed[0]!, commit.signatures[0]!.signature)).toBe(true)
    expect(toHexUpper(builder.commitHash(commit))).toBe(
      'A3AD467820428D99FD53BFCF38CDC1EB141DD27E3B5F0F3931BBE91FBA8B097D',
    )
  })
})
