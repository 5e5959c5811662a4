import { describe, expect, test } from 'vitest'
import { defaultAppConfig, readAppConfig } from '../config/app-config.js'
import { readRuntimeOptions } from './runtime-options.js'

const defaults = defaultAppConfig().runtime
const TWO_CORES = 2

describe('runtime options (app.toml [runtime], SDKD_ variables over it)', () => {
  test('behavior: by default the block worker and the invariant worker are on, one verify worker where there is a second core, libsecp256k1, no pretenuring', () => {
    expect(readRuntimeOptions(defaults, {}, TWO_CORES)).toEqual({
      blockWorker: true,
      invariantWorker: true,
      verifyWorkers: 1,
      secp256k1: { library: 'libsecp256k1' },
      v8Pretenuring: false,
      v8HeapGrowingPercent: 100,
    })
    expect(readRuntimeOptions(defaults, {}, 1).verifyWorkers).toBe(0)
  })

  test('behavior: app.toml sets each option', () => {
    const config = readAppConfig('config/app.toml', {
      runtime: {
        'block-worker': false,
        'invariant-worker': false,
        'verify-workers': 3,
        secp256k1: 'node',
        'v8-pretenuring': true,
      },
    }).runtime
    expect(readRuntimeOptions(config, {}, TWO_CORES)).toEqual({
      blockWorker: false,
      invariantWorker: false,
      verifyWorkers: 3,
      secp256k1: { library: 'node:crypto', askedBy: 'config/app.toml: runtime.secp256k1 = "node"' },
      v8Pretenuring: true,
      v8HeapGrowingPercent: 100,
    })
  })

  test('behavior: a variable wins over app.toml; an empty one counts as unset', () => {
    const config = {
      blockWorker: false,
      invariantWorker: false,
      verifyWorkers: 3,
      secp256k1: 'node',
      v8Pretenuring: true,
    }
    const env = {
      SDKD_BLOCK_WORKER: '1',
      SDKD_INVARIANT_WORKER: '1',
      SDKD_VERIFY_WORKERS: ' 0 ',
      SDKD_SECP256K1: 'native',
      SDKD_V8_PRETENURING: '0',
      SDKD_V8_HEAP_GROWING_PERCENT: ' 250 ',
    }
    expect(readRuntimeOptions({ ...config, secp256k1: 'node' }, env, TWO_CORES)).toEqual({
      blockWorker: true,
      invariantWorker: true,
      verifyWorkers: 0,
      secp256k1: { library: 'libsecp256k1' },
      v8Pretenuring: false,
      v8HeapGrowingPercent: 250,
    })
    // `v8` leaves V8's own factor.
    expect(
      readRuntimeOptions(defaults, { SDKD_V8_HEAP_GROWING_PERCENT: 'v8' }, TWO_CORES),
    ).toMatchObject({ v8HeapGrowingPercent: 'v8' })
    const empty = {
      SDKD_BLOCK_WORKER: '',
      SDKD_INVARIANT_WORKER: '',
      SDKD_VERIFY_WORKERS: '',
      SDKD_SECP256K1: '',
      SDKD_V8_HEAP_GROWING_PERCENT: '',
    }
    expect(readRuntimeOptions(defaults, empty, TWO_CORES)).toEqual(
      readRuntimeOptions(defaults, {}, TWO_CORES),
    )
    // SDKD_BLOCK_WORKER=0 and SDKD_INVARIANT_WORKER=0 turn the workers off; SDKD_SECP256K1=node
    // names itself as the reason.
    expect(
      readRuntimeOptions(
        defaults,
        { SDKD_BLOCK_WORKER: '0', SDKD_INVARIANT_WORKER: '0', SDKD_SECP256K1: 'node' },
        TWO_CORES,
      ),
    ).toMatchObject({
      blockWorker: false,
      invariantWorker: false,
      secp256k1: { library: 'node:crypto', askedBy: 'SDKD_SECP256K1=node' },
    })
  })

  test('error: a bad variable names the variable and the value', () => {
    expect(() => readRuntimeOptions(defaults, { SDKD_VERIFY_WORKERS: 'two' })).toThrow(
      'SDKD_VERIFY_WORKERS: invalid number of verify workers: two',
    )
    expect(() => readRuntimeOptions(defaults, { SDKD_V8_PRETENURING: 'yes' })).toThrow(
      'SDKD_V8_PRETENURING: expected 0 or 1, got: yes',
    )
    for (const bad of ['0', '1001', '1e2', 'V8', 'auto']) {
      expect(() => readRuntimeOptions(defaults, { SDKD_V8_HEAP_GROWING_PERCENT: bad })).toThrow(
        `SDKD_V8_HEAP_GROWING_PERCENT: expected a whole number of percent from 1 to 1000, or v8, got: ${bad}`,
      )
    }
  })

  test('error: a bad [runtime] field names the file and the field', () => {
    const read = (runtime: Record<string, unknown>) => readAppConfig('config/app.toml', { runtime })
    expect(() => read({ 'verify-workers': 'some' })).toThrow(
      'config/app.toml: runtime.verify-workers: expected a non-negative integer or "auto", got "some"',
    )
    expect(() => read({ secp256k1: 'openssl' })).toThrow(
      'config/app.toml: runtime.secp256k1: expected "native" or "node", got "openssl"',
    )
    expect(() => read({ 'block-worker': 0 })).toThrow(
      'config/app.toml: runtime.block-worker: expected true or false, got 0',
    )
  })
})
