import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { layerViolations, readLayers, sourceFiles } from './helpers/layers.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const layers = readLayers(readFileSync(`${ROOT}docs/ARCHITECTURE.md`, 'utf8'))

describe('one direction of imports (docs/ARCHITECTURE.md, "Layers")', () => {
  test('behavior: the table lists the layers from the CLI down to errors', () => {
    expect(layers.map((l) => l.paths.join(' '))).toEqual([
      'src/cli/',
      'src/node/',
      'src/server/ src/client/',
      'src/chain/',
      'src/tx/',
      'src/versions/',
      'src/modules/',
      'src/app/',
      'src/store/',
      'src/block/',
      'src/config/',
      'src/codec/',
      'src/errors.ts src/error-status.ts src/logger.ts src/log-levels.ts',
      'src/threads/',
    ])
  })

  test('behavior: every import of src/ points down the table; no plain Error is thrown', () => {
    expect(layerViolations(layers, sourceFiles(ROOT))).toEqual([])
  })

  test('error: an import up, one sideways, a file in no row and a plain Error are each reported', () => {
    const files = new Map([
      // The worst of the old layout: x/upgrade importing the block producer that drives it.
      ['src/modules/upgrade/abci.ts', "import { ChainHaltError } from '../../chain/producer.js'"],
      ['src/store/block-store.ts', "import type { Header } from '../block/block.js'"],
      ['src/server/rest/gateway.ts', "const k = await import('../../client/keyring.js')"],
      ['src/extra/thing.ts', ''],
      ['src/codec/bytes.ts', "throw new Error('odd length')"],
    ])
    expect(layerViolations(layers, files)).toEqual([
      {
        file: 'src/modules/upgrade/abci.ts',
        imports: 'src/chain/producer.ts',
        why: 'points up: layer 7 (src/modules/) imports layer 4 (src/chain/)',
      },
      {
        file: 'src/server/rest/gateway.ts',
        imports: 'src/client/keyring.ts',
        why: 'points sideways: src/server/ and src/client/ share layer 3',
      },
      { file: 'src/extra/thing.ts', imports: '', why: 'is in no row of the layer table' },
      {
        file: 'src/codec/bytes.ts',
        imports: '',
        why: 'throws a plain Error: throw a registered, coded error',
      },
    ])
  })
})
