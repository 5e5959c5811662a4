import { describe, expect, test } from 'vitest'
import { readClientConfig } from '../config/client-config.js'
import { outputFormat } from './client-context.js'

// docs/commands.md, "Client commands": the default output is client.toml's `output`; a missing key
// reads as `text` (upstream's default client config); an empty one leaves the command's default.
describe('a client command output format', () => {
  test('behavior: a client.toml without `output` prints text for txs too; `output = ""` prints a tx as JSON and a query as text', () => {
    const missing = readClientConfig('config/client.toml', {})
    expect(outputFormat(undefined, missing, 'json')).toBe('text')
    const empty = readClientConfig('config/client.toml', { output: '' })
    expect(outputFormat(undefined, empty, 'json')).toBe('json')
    expect(outputFormat(undefined, empty, 'text')).toBe('text')
    expect(outputFormat('json', missing, 'text')).toBe('json')
  })

  test('error: an output that is neither text nor json is refused with its value', () => {
    const config = readClientConfig('config/client.toml', { output: 'yaml' })
    expect(() => outputFormat(undefined, config, 'json')).toThrow(
      'unsupported output format "yaml": use text or json',
    )
  })
})
