import { describe, expect, test } from 'vitest'
import { protoRegistry } from '../codec/proto.js'
import { SdkError } from '../errors.js'
import { App } from './app.js'
import type { AppModule, AppVersion, ModuleOrder } from './types.js'

// The module manager refuses an app version that forgets a module in an order list.

const registry = protoRegistry()
const noop = async () => {}

const modules: AppModule[] = [
  { name: 'genesis', consensusVersion: 1, initGenesis: noop },
  { name: 'pre', consensusVersion: 1, preBlock: noop },
  { name: 'begin', consensusVersion: 1, beginBlock: noop },
  { name: 'end', consensusVersion: 1, endBlock: noop },
  { name: 'quiet', consensusVersion: 1 },
]

const complete: ModuleOrder = {
  initGenesis: ['genesis', 'pre', 'begin', 'end', 'quiet'],
  preBlockers: ['pre'],
  beginBlockers: ['begin'],
  endBlockers: ['end'],
}

function version(order: Partial<ModuleOrder>): AppVersion {
  return { name: 'test', modules, order: { ...complete, ...order }, upgrades: [] }
}

/** The coded error `new App` fails with. */
function constructionError(order: Partial<ModuleOrder>): string {
  try {
    new App(version(order), registry)
  } catch (err) {
    if (!(err instanceof SdkError)) throw err
    return `${err.codespace}/${err.code}: ${err.message}`
  }
  return 'constructed'
}

describe('module manager order lists', () => {
  test('behavior: lists that name every module taking part are accepted; a module without a hook need not be in that hook’s list', () => {
    expect(constructionError({})).toBe('constructed')
  })

  test('error: a module with a hook left out of its list fails construction, naming the list and the modules', () => {
    expect(constructionError({ initGenesis: ['pre', 'begin', 'end', 'quiet'] })).toBe(
      'sdk/35: all modules must be defined when setting initGenesis, missing: [genesis]: internal logic error',
    )
    expect(constructionError({ preBlockers: [] })).toBe(
      'sdk/35: all modules must be defined when setting preBlockers, missing: [pre]: internal logic error',
    )
    expect(constructionError({ beginBlockers: [] })).toBe(
      'sdk/35: all modules must be defined when setting beginBlockers, missing: [begin]: internal logic error',
    )
    expect(constructionError({ endBlockers: ['begin'] })).toBe(
      'sdk/35: all modules must be defined when setting endBlockers, missing: [end]: internal logic error',
    )
  })

  test('error: a module without genesis left out of initGenesis fails too: migrations run in that order', () => {
    expect(constructionError({ initGenesis: ['genesis', 'pre', 'end'] })).toBe(
      'sdk/35: all modules must be defined when setting migrations (the initGenesis order), missing: [begin quiet]: internal logic error',
    )
  })
})
