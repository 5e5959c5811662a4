#!/usr/bin/env node
import { CLIENT_BUNDLE_COMMANDS, loadClientBundle } from './client-bundle.js'
import { commandWords } from './command-words.js'

// A client call runs from the client bundle when the build wrote one; anything else, from the modules.
const word = commandWords(process.argv.slice(2))[0]
const bundle =
  word !== undefined && CLIENT_BUNDLE_COMMANDS.has(word) ? loadClientBundle() : undefined
await (bundle ?? (await import('./run-cli.js'))).runCli(process.argv)
